/* Getting the device ready for a program's next run. In auto mode a program whose calls the
 * device could answer may still end without opening it: what it would save does not pay, in
 * this run, for opening the device and compiling its programs (a numpy script of 2.5 s on the
 * H200's host saves 0.4 s a run on the device once compiled, and compiling takes 2.4 s), and
 * its next runs would each decide the same. Compiling inside the program, even on a thread of
 * its own, slows it (the driver's work reaches the whole process: 0.23 s for an opening). So
 * on a host where the device was never opened (no memo of it in the cache directory), the
 * first such call starts a helper process, blasroute-prepare, that opens the device, keeps
 * what opening took (the memo), and compiles every precision's program into the binary cache
 * at idle priority; the program goes on with the CPU BLAS. Its next run knows the device and
 * finds the programs compiled: what it saves need only pay for the opening.
 *
 * Once per host and choice of devices (a stamp in the cache directory; removing the directory
 * starts it over), never in a forked child, not with learning or the cache off
 * (BLASROUTE_LEARN=0, BLASROUTE_CACHE=0) or BLASROUTE_PREPARE=0. The helper is invisible to
 * the program: no SIGCHLD, not a child that wait() or waitpid(-1) returns, none of its files
 * open (stdin, stdout and stderr are /dev/null), in a session of its own, so that it ends its
 * work even when the program has ended. */
#ifndef BLASROUTE_PREPARE_H
#define BLASROUTE_PREPARE_H

/* Starts the helper if this host's device has not been got ready yet (see above); at most
 * once per process. */
void br_prepare_next_run(void);

/* The helper's work (blasroute-prepare): opens the devices as the program would, keeps the
 * memo, builds each device's programs into the cache at idle priority. 0 if a device opened. */
int br_prepare_run_helper(void);

#endif
