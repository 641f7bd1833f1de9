#include "crt.h"
#include "../lang/settings.h"

#include <errno.h>
#include <fcntl.h>
#include <locale.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#include <term.h>

#include "../lang/interrupt.h"
#include "../lang/out/outfile.h"

#include "../core/err.h"

/*
 * The front end's own state, and only the part a signal handler must reach:
 * handlers can touch nothing else, so what they need is prepared here first.
 */
static SCREEN *screen;
static struct termios saved_tty;
static int have_saved_tty;
static int sigpipe[2] = { -1, -1 };
static volatile sig_atomic_t pending_signal, pending_resize;
static char restore_seq[256]; /* written by the fatal-signal handler: leave the alternate screen, cursor on */
static size_t restore_len;
static attr_t styles[ST_NSTYLES];
static int colors;
static int tty_fd = STDIN_FILENO, out_fd = STDOUT_FILENO; /* the terminal's input and output */
static FILE *crt_out;

/*
 * Every signal whose default action ends the process is caught, so none
 * leaves the terminal raw (sigends.h's sig_ends_process): a fault
 * (sig_is_fault: SIGSEGV ... SIGTRAP, SIGSYS) restores at once and dies of
 * itself; any other ends the main loop, which restores. caught[]: ours.
 */
static char caught[_NSIG];

/* Only async-signal-safe calls: write(2) and tcsetattr(3). */
static void emergency_restore(void)
{
	if (restore_len)
		(void)!write(out_fd, restore_seq, restore_len);
	if (have_saved_tty)
		tcsetattr(tty_fd, TCSAFLUSH, &saved_tty);
}

static void on_fatal(int sig)
{
	static const char msg[] = "batchlab: fatal signal; terminal restored\n";

	outfile_signal_cleanup();
	emergency_restore();
	(void)!write(STDERR_FILENO, msg, sizeof(msg) - 1);
	signal(sig, SIG_DFL);
	raise(sig);
}

static void on_terminate(int sig)
{
	int saved = errno;

	/* a second one means the main loop is not listening: restore and go now */
	if (pending_signal) {
		outfile_signal_cleanup();
		emergency_restore();
		_exit(128 + sig);
	}
	pending_signal = sig;
	/* a running sweep stops after its row, so the loop hears this promptly (Ctrl-C has its own way) */
	if (sig != SIGINT)
		interrupt_raise();
	(void)!write(sigpipe[1], "t", 1);
	errno = saved;
}

static void on_winch(int sig)
{
	int saved = errno;

	(void)sig;
	pending_resize = 1;
	(void)!write(sigpipe[1], "w", 1);
	errno = saved;
}

static void catch(int sig, void (*fn)(int), int flags)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = fn;
	sigemptyset(&sa.sa_mask);
	sa.sa_flags = flags;
	if (!sigaction(sig, &sa, NULL))
		caught[sig] = 1;
}

static void append_cap(const char *name)
{
	const char *s = tigetstr(name);
	size_t n;

	if (!s || s == (char *)-1)
		return;
	n = strlen(s);
	if (restore_len + n < sizeof(restore_seq)) {
		memcpy(restore_seq + restore_len, s, n);
		restore_len += n;
	}
}

static void append_raw(const char *s)
{
	size_t n = strlen(s);

	if (restore_len + n < sizeof(restore_seq)) {
		memcpy(restore_seq + restore_len, s, n);
		restore_len += n;
	}
}

static int theme; /* enum theme (lang/settings.h) */

/*
 * A theme over the styles: what it changes and nothing else, so the meaning
 * of a colour (better green, worse red, a fact plain) is the same in each.
 */
static void theme_styles(void)
{
	if (theme == THEME_PROJECTOR) {
		/* a projector washes dim and italic out: no style keeps them, headings and changes are bold */
		for (int i = 0; i < ST_NSTYLES; i++)
			styles[i] &= ~(attr_t)(A_DIM | A_ITALIC);
		styles[ST_HEAD] |= A_BOLD;
		styles[ST_PATCH] |= A_BOLD;
		styles[ST_GROUP] |= A_BOLD;
		styles[ST_UP] |= A_BOLD;
		styles[ST_DOWN] |= A_BOLD;
		styles[ST_MARKER] |= A_BOLD | A_REVERSE; /* the machine's mark a solid bar, seen from the back row */
	}
	if (theme == THEME_LIGHT && colors) {
		/* on white: cyan and yellow text fade, so headings are blue and keys magenta */
		init_pair(2, COLOR_BLUE, -1);
		init_pair(6, COLOR_MAGENTA, -1);
		init_pair(1, COLOR_WHITE, COLOR_BLUE);
		/* and the chart's seven series stay seven colours: blue, magenta, green, cyan, red, yellow, black */
		init_pair(8, COLOR_CYAN, -1);
		init_pair(9, COLOR_YELLOW, -1);
		init_pair(10, COLOR_BLACK, -1);
	}
}

static void init_styles(void)
{
	const char *nc = getenv("NO_COLOR");

	/* monochrome first: every style must read without colour (https://no-color.org) */
	styles[ST_NORMAL] = A_NORMAL;
	styles[ST_TITLE] = A_REVERSE | A_BOLD;
	styles[ST_PATCH] = A_BOLD | A_UNDERLINE;
	styles[ST_GROUP] = A_BOLD;
	styles[ST_HEAD] = A_BOLD;
	styles[ST_CURSOR] = A_REVERSE;
	styles[ST_CURSOR2] = A_UNDERLINE;
	styles[ST_UP] = A_BOLD;
	styles[ST_DOWN] = A_NORMAL;
	styles[ST_MODELED] = A_DIM | A_ITALIC;
	styles[ST_CHANGED] = A_STANDOUT | A_BOLD;
	styles[ST_ERROR] = A_BOLD;
	styles[ST_KEY] = A_BOLD;
	styles[ST_DIM] = A_DIM;
	for (int i = ST_SERIES0; i <= ST_SERIES6; i++)
		styles[i] = (i - ST_SERIES0) % 2 ? A_BOLD : A_NORMAL;
	styles[ST_CURVE] = A_DIM;
	styles[ST_MARKER] = A_BOLD;
	colors = theme != THEME_MONO && has_colors() && !(nc && *nc) && start_color() == OK;
	if (!colors) {
		theme_styles();
		return;
	}
	use_default_colors();
	init_pair(1, COLOR_WHITE, COLOR_BLUE);
	init_pair(2, COLOR_CYAN, -1);
	init_pair(3, COLOR_GREEN, -1);
	init_pair(4, COLOR_RED, -1);
	init_pair(5, COLOR_BLACK, COLOR_YELLOW);
	init_pair(6, COLOR_YELLOW, -1);
	init_pair(7, COLOR_BLACK, COLOR_CYAN);
	init_pair(8, COLOR_MAGENTA, -1);
	styles[ST_TITLE] = COLOR_PAIR(1) | A_BOLD;
	styles[ST_PATCH] = COLOR_PAIR(2) | A_BOLD | A_UNDERLINE;
	styles[ST_GROUP] = COLOR_PAIR(2) | A_BOLD;
	styles[ST_CURSOR] = COLOR_PAIR(7);
	styles[ST_UP] = COLOR_PAIR(3) | A_BOLD;
	styles[ST_DOWN] = COLOR_PAIR(4) | A_BOLD;
	styles[ST_CHANGED] = COLOR_PAIR(5) | A_BOLD;
	styles[ST_ERROR] = COLOR_PAIR(4) | A_BOLD;
	styles[ST_KEY] = COLOR_PAIR(6) | A_BOLD;
	/* seven series, seven colours apart from the text's: cyan, yellow, green, magenta, red, blue, white */
	init_pair(9, COLOR_BLUE, -1);
	init_pair(10, COLOR_WHITE, -1);
	styles[ST_SERIES0] = COLOR_PAIR(2) | A_BOLD;
	styles[ST_SERIES1] = COLOR_PAIR(6) | A_BOLD;
	styles[ST_SERIES2] = COLOR_PAIR(3) | A_BOLD;
	styles[ST_SERIES3] = COLOR_PAIR(8) | A_BOLD;
	styles[ST_SERIES4] = COLOR_PAIR(4) | A_BOLD;
	styles[ST_SERIES5] = COLOR_PAIR(9) | A_BOLD;
	styles[ST_SERIES6] = COLOR_PAIR(10) | A_BOLD;
	styles[ST_CURVE] = A_DIM;
	styles[ST_MARKER] = A_BOLD;
	theme_styles();
}

void crt_theme(int t)
{
	theme = t;
	if (screen)
		init_styles();
}

/* A terminal curses can draw on: known, and able to move the cursor (not TERM=dumb). */
static int usable_terminal(int fd, char *err, size_t errlen)
{
	const char *term = getenv("TERM"), *cup;
	int e = 0;

	if (setupterm(NULL, fd, &e) != OK) {
		snprintf(err, errlen, "terminal '%s' is unknown", term ? term : "(TERM unset)");
		return 0;
	}
	cup = tigetstr("cup");
	del_curterm(cur_term);
	if (!cup || cup == (char *)-1) {
		snprintf(err, errlen, "terminal '%s' cannot move the cursor", term ? term : "(TERM unset)");
		return 0;
	}
	return 1;
}

/* xterm's bracketed paste: a paste arrives between ESC [200~ and ESC [201~ (ncurses names no key for them) */
static const char paste_on[] = "\033[?2004h", paste_off[] = "\033[?2004l";

int crt_init(char *err, size_t errlen)
{
	return crt_init_on(stdin, stdout, err, errlen);
}

/* The self-pipe a signal handler writes to, and the handlers, before newterm(). */
static int catch_signals(char *err, size_t errlen)
{
	if (pipe(sigpipe))
		return err_set(err, errlen, "cannot create a pipe: %s", strerror(errno));
	for (int i = 0; i < 2; i++) {
		fcntl(sigpipe[i], F_SETFL, O_NONBLOCK);
		fcntl(sigpipe[i], F_SETFD, FD_CLOEXEC);
	}
	/* before newterm(): ncurses installs its own SIGINT/SIGTERM/SIGWINCH handlers only where none is set */
	for (int sig = 1; sig < _NSIG; sig++)
		if (sig_is_fault(sig))
			catch(sig, on_fatal, SA_RESETHAND | SA_NODEFER);
		else if (sig_ends_process(sig))
			catch(sig, on_terminate, 0);
	catch(SIGWINCH, on_winch, SA_RESTART);
	return 0;
}

/* The screen's modes, keys and colours, and what leaving it must send back (crt_done's bytes). */
static void set_modes(FILE *out)
{
	/*
	 * ncurses 6.4 flushes its output after every cursor move until the
	 * screen has once come back from endwin() (_nc_mvcur() in
	 * ncurses/tty/lib_mvcur.c tests SP->_endwin == ewInitial): a frame
	 * went to the terminal as a hundred write()s, a redraw as dozens. One
	 * endwin() and doupdate() on the empty screen, before the modes, keys
	 * and colours are set (so that coming back resets none of them: no
	 * palette reset, keypad mode sent once), and a frame is one write.
	 */
	endwin();
	doupdate();
	cbreak();
	noecho();
	keypad(stdscr, TRUE);
	nodelay(stdscr, TRUE);
	set_escdelay(25);
	curs_set(0);
	init_styles();
	if (mousemask(BUTTON1_PRESSED | BUTTON1_CLICKED | BUTTON4_PRESSED | BUTTON5_PRESSED, NULL)) {
		mouseinterval(0);
		append_raw("\033[?1000l\033[?1002l\033[?1006l");
	}
	define_key("\033[200~", CRT_KEY_PASTE_BEGIN);
	define_key("\033[201~", CRT_KEY_PASTE_END);
	crt_out = out;
	fputs(paste_on, out);
	fflush(out);
	append_raw(paste_off);
	append_cap("sgr0");
	append_cap("rmkx");
	append_cap("cnorm");
	append_cap("rmcup");
}

int crt_init_on(FILE *in, FILE *out, char *err, size_t errlen)
{
	if (screen)
		return 0;
	tty_fd = fileno(in);
	out_fd = fileno(out);
	/*
	 * The user's locale for what characters are and how wide (LC_CTYPE):
	 * all the screen needs of it. Numbers stay 1.5 for the parsers, and the
	 * rest stays C as in -c: loading every category was twelve files to
	 * open before the first frame.
	 */
	setlocale(LC_CTYPE, "");
	have_saved_tty = tcgetattr(tty_fd, &saved_tty) == 0;
	if (catch_signals(err, errlen))
		return -1;
	if (!usable_terminal(out_fd, err, errlen)) {
		crt_done();
		return -1;
	}
	screen = newterm(NULL, out, in);
	if (!screen) {
		snprintf(err, errlen, "cannot use terminal '%s'", getenv("TERM") ? getenv("TERM") : "(TERM unset)");
		crt_done();
		return -1;
	}
	set_modes(out);
	return 0;
}

void crt_done(void)
{
	if (screen) {
		mousemask(0, NULL);
		endwin();
		fputs(paste_off, crt_out);
		fflush(crt_out);
		delscreen(screen);
		screen = NULL;
	}
	restore_len = 0;
	if (have_saved_tty)
		tcsetattr(tty_fd, TCSAFLUSH, &saved_tty);
	for (int sig = 1; sig < _NSIG; sig++)
		if (caught[sig]) {
			signal(sig, SIG_DFL);
			caught[sig] = 0;
		}
	for (int i = 0; i < 2; i++) {
		if (sigpipe[i] >= 0)
			close(sigpipe[i]);
		sigpipe[i] = -1;
	}
}

/*
 * The readline prompt: readline leaves the terminal in its own mode (no echo,
 * bracketed paste) while it reads a line. A signal that ends the process
 * puts the modes saved here back, removes a half-written output file, and
 * then lets the signal do what it would have done.
 */
static void on_prompt_signal(int sig)
{
	outfile_signal_cleanup();
	if (have_saved_tty) {
		tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved_tty);
		if (isatty(STDOUT_FILENO))
			(void)!write(STDOUT_FILENO, paste_off, sizeof(paste_off) - 1);
	}
	signal(sig, SIG_DFL);
	raise(sig);
}

void crt_guard_prompt(void)
{
	have_saved_tty = tcgetattr(STDIN_FILENO, &saved_tty) == 0;
	/* SIGINT is the prompt's own (a fresh line); every other ending signal restores and ends */
	for (int sig = 1; sig < _NSIG; sig++)
		if (sig_is_fault(sig))
			catch(sig, on_prompt_signal, SA_RESETHAND | SA_NODEFER);
		else if (sig_ends_process(sig) && sig != SIGINT)
			catch(sig, on_prompt_signal, SA_RESETHAND);
}

attr_t crt_attr(enum crt_style st)
{
	return st < ST_NSTYLES ? styles[st] : A_NORMAL;
}

int crt_has_colors(void)
{
	return colors;
}

int crt_signal_fd(void)
{
	return sigpipe[0];
}

int crt_pending_signal(void)
{
	char buf[64];

	while (sigpipe[0] >= 0 && read(sigpipe[0], buf, sizeof(buf)) > 0)
		;
	return pending_signal;
}

int crt_leaving(void)
{
	return pending_signal && pending_signal != SIGINT;
}

void crt_clear_signal(void)
{
	pending_signal = 0;
}

int crt_check_resize(void)
{
	struct winsize ws;

	if (!pending_resize)
		return 0;
	pending_resize = 0;
	if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_row > 0 && ws.ws_col > 0)
		resize_term(ws.ws_row, ws.ws_col);
	return 1;
}

long long crt_now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}
