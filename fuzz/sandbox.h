/*
 * The fuzz targets' sandbox: while one input runs, every file the program
 * opens, creates, renames or removes must lie inside a private temporary
 * directory, so no input can write over a real file, read /proc or block on
 * /dev/stdin. The guard wraps libc's file calls at link time (-Wl,--wrap,
 * see FUZZ_WRAP in the Makefile); it covers commands that do not exist yet.
 */
#ifndef BL_FUZZ_SANDBOX_H
#define BL_FUZZ_SANDBOX_H

/*
 * Make the temporary directory, copy presets/ into it, point
 * BATCHLAB_PRESETS, XDG_CONFIG_HOME, XDG_STATE_HOME and HOME there, and note
 * libFuzzer's -artifact_prefix so a crash report can still be written.
 */
void sandbox_init(int argc, char **argv);
void sandbox_enter(void);
/* The private directory's path: where a harness writes the file its input becomes. */
const char *sandbox_root(void);
void sandbox_leave(void);

struct machine;
/*
 * After an input: every parameter of m reads back as it prints (what `preset
 * save` writes, `preset load` must take), else abort() naming who and the key.
 * The harnesses that drive the command language share it.
 */
void sandbox_check_machine(const struct machine *m, const char *who);

#endif
