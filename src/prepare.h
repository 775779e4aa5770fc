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
 * Once per host and choice of devices (a stamp in the cache directory, marked done by the helper;
 * one abandoned on the way is started again after ten minutes), never in a forked child, not
 * with learning or the cache off (BLASROUTE_LEARN=0, BLASROUTE_CACHE=0).
 *
 * The helper works only while the host is otherwise idle: each step runs in a child (killed
 * with the helper, never left stopped without it) that the
 * helper lets go on (SIGCONT) once the rest of the host has left two cores idle for 0.2 s (a
 * quarter of them on a host of fewer than eight) and stops (SIGSTOP) as soon as it leaves less
 * than half that (/proc/stat, every 50 ms). It gives up after ten minutes (a stopped step may
 * hold the device's memory on a GPU others share), its stamp left undone.
 *
 * Off unless BLASROUTE_PREPARE=1 (or a helper's path): measured on the H200's host
 * (2026-11-26, profiles/measured/2026-11-26-issue20-s6, run3), the helper beside a first run
 * slowed it even at idle priority (a reference-LAPACK dgetrf 8192, 2.26 s in cpu mode, took
 * 4.07: its 16198 small CPU calls 1.27 s instead of 0.16), and its opening, the host's first
 * since the machine started, took 1.15 s: with that in the memo the next runs of a numpy script
 * saving 0.4 s a run still did not open the device. That was before the stops and the second
 * opening; they are to be measured there before it is on by default. The helper is invisible to
 * the program: no SIGCHLD, not a child that wait() or waitpid(-1) returns, none of its files
 * open (stdin, stdout and stderr are /dev/null), in a session of its own, so that it ends its
 * work even when the program has ended. */
#ifndef BLASROUTE_PREPARE_H
#define BLASROUTE_PREPARE_H

/* Starts the helper if this host's device has not been got ready yet (see above); at most
 * once per process. */
void br_prepare_next_run(void);

/* The helper's work (blasroute-prepare, src/tools/prepare.c), each step in a process of its
 * own that the helper stops whenever the host's cores are wanted:
 * - br_prepare_build: opens the devices as the program would (its environment is the
 *   program's, LD_PRELOAD aside) and builds each device's programs into the cache, at idle
 *   priority; 0 if a device opened.
 * - br_prepare_measure_opening: opens them again, the programs now in the cache, and keeps
 *   what that took as the memo: what opening costs a program's next run (the first opening
 *   of a machine's GPU took 1.15 s on the H200's host, later ones a fraction of it). *paused
 *   counts the seconds the process was stopped, left out.
 * - br_prepare_done: marks the stamp done. */
int br_prepare_build(void);
int br_prepare_measure_opening(const volatile double *paused);
void br_prepare_done(void);

#endif
