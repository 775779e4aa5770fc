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
 * When (BLASROUTE_PREPARE):
 * - paid, the default: at the exit of a run, on a host where the device was never opened, that
 *   the device would have paid for had its programs been compiled: its calls would have saved
 *   at least what opening is assumed to cost (warmup.c); the next run opens the device at its
 *   first call once they saved open_at_once_margin times the opening the helper measured. A
 *   numpy script of 4096 on the H200's host (3.0 s in cpu mode, 2.3 s in device mode with its
 *   programs compiled, 5.0 s compiling them) saves a predicted 1.0 s a run, not the first compile's
 *   2.8 s: auto mode kept it on the CPU run after run (2026-11-26, session 13). Compiling inside
 *   its next run instead made that run 3.4 s against 2.4 in cpu mode (session 5). The helper
 *   started at the exit works in the idle time before the next run, and the runs after it
 *   open the device at once.
 * - 1 (or a helper's path): at the first device-sized call of a first run, whether or not that
 *   run would pay. Measured on the H200's host (2026-11-26, profiles/measured/
 *   2026-11-26-issue20-s6, run3), the helper beside a first run slowed it even at idle priority
 *   (a reference-LAPACK dgetrf 8192, 2.26 s in cpu mode, took 4.07: its 16198 small CPU calls
 *   1.27 s instead of 0.16), before the stops (session 11: 2.45 s against 2.58 with them); it
 *   does not help a run made right after (a numpy script's warm run, session 11).
 * - 0: never.
 * The helper is invisible to the program: no SIGCHLD, not a child that wait() or waitpid(-1)
 * returns, none of its files open (stdin, stdout and stderr are /dev/null), in a session of its
 * own, so that it ends its work even when the program has ended. */
#ifndef BLASROUTE_PREPARE_H
#define BLASROUTE_PREPARE_H

/* Starts the helper if this host's device has not been got ready yet (see above); at most
 * once per process: at a device-sized call of a run on a host where the device was never
 * opened (BLASROUTE_PREPARE=1 only), and at the exit of such a run that the device would have
 * paid for (any setting but 0; the caller judges that). */
void br_prepare_next_run(void);
void br_prepare_after_run(void);

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
