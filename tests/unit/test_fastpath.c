/*
 * The sweep's fast paths print the numbers the plain path computes: columns
 * hoisted because their metric does not read the key, fn_cpus tables, a
 * metric's sides from its fn_sides once per row, a row's text kept and
 * written again only from the cell that changed, the key's digits counted on,
 * table cells remembered, rows stored without a re-check, integers and reals
 * formatted in place. Random
 * sweeps of every metric over random keys and ranges, on machines of several
 * shapes, written as csv by sweep_write, are read back cell by cell and held
 * against each metric's fn on a machine set through param_set, the way `set`
 * sets it: integers digit for digit, reals to the bit (strtod), inf and n/a
 * as words.
 */
#include <math.h>
#include <stdlib.h>

#include "testutil.h"

#include "../../lang/out/numfmt.h"
#include "../../lang/cmd/cmd_sweep.h"
#include "../../core/variant.h"

static uint64_t rng = 0x243f6a8885a308d3ull;

static uint64_t next(void)
{
	rng ^= rng >> 12;
	rng ^= rng << 25;
	rng ^= rng >> 27;
	return rng * 0x2545f4914f6cdd1dull;
}

static const char *const shapes[] = {
	"", "cpus 4 ram 8G", "cpus 200 ram 4T overcommit never sockets 4", "cpus 72 ram 1G reclaim 300M pagesize 64K committed_lift 8",
	"cpus 2 overcommit always threads 8 mmap 4K", "cpus 16 ram 1P zone 1000p totalram 4000000p scanned 123456789",
	"cpus 96 pagesize 16K charge_batch 512 depth 7 charge_page_ns 3.5",
};

/* The plain path: the key set as `set` sets it (refused or not), then the metric's own function. */
static struct value plain_value(const struct machine *m, const struct sweep_range *r, const struct sweep_cursor *c,
				const struct sweep_col *col)
{
	struct machine row = *m;
	char err[256];

	if (r->real)
		assert_int_equal(param_set_real(&row, r->key, c->r, err, sizeof(err)), 0);
	else
		assert_int_equal(param_set_u64(&row, r->key, c->u, err, sizeof(err)), 0);
	/* a machine `set` refuses (zone beyond totalram ...) is an n/a row (issue 21.10) */
	if (machine_check(&row, err, sizeof(err)))
		return val_none("a machine set refuses");
	return col->metric->fn(&row, col->metric, col->side, NULL);
}

static void same_cell(const char *cell, struct value v, const char *head, const char *where)
{
	char want[64];

	if (v.kind == VAL_INT) {
		snprintf(want, sizeof(want), "%llu", (unsigned long long)v.i);
	} else if (v.kind == VAL_LIST) {
		snprintf(want, sizeof(want), "%llu item%s", (unsigned long long)v.i, v.i == 1 ? "" : "s");
	} else if (v.kind == VAL_NONE) {
		snprintf(want, sizeof(want), "n/a");
	} else if (isinf(v.r)) {
		snprintf(want, sizeof(want), "%sinf", v.r < 0 ? "-" : "");
	} else {
		double back = strtod(cell, NULL);

		if (memcmp(&back, &v.r, sizeof(back))) {
			fprintf(stderr, "%s at %s: printed %s, the metric gives %.17g\n", head, where, cell, v.r);
			fail();
		}
		return;
	}
	if (strcmp(cell, want)) {
		fprintf(stderr, "%s at %s: printed %s, the metric gives %s\n", head, where, cell, want);
		fail();
	}
}

/* A range of up to ~maxrows rows somewhere in the key's allowed values. */
static int random_range(const struct machine *m, const struct param *p, uint64_t maxrows, struct sweep_range *r)
{
	char from[64], to[64], step[64], err[256];
	const char *how = "step";

	if (p->type == PT_REAL) {
		double lo = p->rmin, hi = p->rmax > 1e6 ? 1e6 : p->rmax;
		double a = lo + (hi - lo) * (double)(next() % 1000000) / 1e6, w = (hi - a) * (double)(next() % 1000) / 1000;

		snprintf(from, sizeof(from), "%.17g", a);
		snprintf(to, sizeof(to), "%.17g", a + w);
		snprintf(step, sizeof(step), "%.17g", w > 0 ? w / (double)(next() % maxrows + 1) : 1.0);
	} else {
		uint64_t lo = p->min, hi = p->max, a, w, s;

		if (p->allowed || (p->flags & PF_POW2))
			return -1; /* a handful of values: the script tests cover them */
		if (!strcmp(p->name, "cpus") || !strcmp(p->name, "threads"))
			hi = next() % 2 ? 4096 : 300; /* MVA per row at 65536 customers is a millisecond */
		a = lo + next() % (hi - lo + 1) / (next() % 2 ? 1 : 1000000);
		w = (hi - a) >> (next() % 64);
		s = w / (next() % maxrows + 1) + 1;
		snprintf(from, sizeof(from), "%llu%s", (unsigned long long)a, p->type == PT_PAGES ? "p" : "");
		snprintf(to, sizeof(to), "%llu%s", (unsigned long long)(a + w), p->type == PT_PAGES ? "p" : "");
		snprintf(step, sizeof(step), "%llu%s", (unsigned long long)s, p->type == PT_PAGES ? "p" : "");
	}
	return sweep_range_parse(m, p->name, from, to, how, step, r, err, sizeof(err));
}

/*
 * A csv sweep of sw over r, read back row by row and cell by cell: the key
 * against the cursor, each cell against plain_value() on m. The cells checked.
 */
static long check_csv(char *csv, const struct machine *m, struct sweep_range *r, const struct sweep *sw, int trial,
		      const char *shape)
{
	struct sweep_cursor c;
	char *line, *save = NULL;
	int row = -1;
	long cells = 0;

	sweep_cursor_start(&c);
	for (line = strtok_r(csv, "\n", &save); line; line = strtok_r(NULL, "\n", &save), row++) {
		char *cell, *save2 = NULL, where[160];
		int col = -1;

		if (row < 0)
			continue; /* the header */
		assert_true(sweep_range_next(r, &c));
		snprintf(where, sizeof(where), "%s = %.17g (trial %d, '%s')", r->key->name, sweep_key_real(r, &c), trial,
			 shape);
		for (cell = strtok_r(line, ",", &save2); cell; cell = strtok_r(NULL, ",", &save2), col++) {
			if (col < 0) {
				same_cell(cell, r->real ? val_real(c.r) : val_int(c.u), r->key->name, where);
				continue;
			}
			assert_true(col < sw->ncols);
			same_cell(cell, plain_value(m, r, &c, &sw->cols[col]), sw->cols[col].head, where);
			cells++;
		}
		assert_int_equal(col, sw->ncols);
	}
	assert_int_equal((uint64_t)row, r->rows);
	assert_false(sweep_range_next(r, &c));
	return cells;
}

static void test_random_sweeps(void **state)
{
	static struct sweep sw;
	long cells = 0, hoisted = 0, tables = 0, rowed = 0, patch_rows = 0, memo_hits = 0;

	(void)state;
	for (int trial = 0; trial < TRIALS(400); trial++) {
		struct machine m = machine_with(shapes[trial % (sizeof(shapes) / sizeof(shapes[0]))]);
		/* the first trial sweeps cpus, the key fn_cpus tables are made over: a draw over more keys may miss it */
		const struct param *p = trial ? &params[next() % nparams] : param_find("cpus");
		struct sweep_range r;
		struct strbuf out = STRBUF_INIT;
		char err[256];

		if (p->type == PT_CHOICE || random_range(&m, p, 60, &r))
			continue;
		sweep_init(&sw, &r);
		for (int i = 0; patch_set_builtin.list[i]; i++)
			for (const struct metric_desc *md = patch_set_builtin.list[i]->metrics; md->name; md++) {
				char name[128];

				if (md->list)
					continue; /* a list's row takes the strbuf path: tests/script/cost_sweep checks it */
				snprintf(name, sizeof(name), "%s.%s", patch_set_builtin.list[i]->id, md->name);
				assert_int_equal(sweep_add_metric(&sw, name, err, sizeof(err)), 0);
			}
		assert_int_equal(sweep_write(&m, &sw, FMT_CSV, NULL, 0, &out, err, sizeof(err)), 0);
		hoisted += sw.hoisted;
		tables += (long)sw.fast_calls;
		for (int i = 0; i < sw.ncols; i++)
			rowed += sw.cols[i].rowed && !sw.cols[i].fast;
		patch_rows += sw.nrowp;
		memo_hits += (long)sw.memo.hits;
		cells += check_csv(out.buf, &m, &r, &sw, trial, shapes[trial % (sizeof(shapes) / sizeof(shapes[0]))]);
		sb_free(&out);
	}
	fprintf(stderr, "test_fastpath: %ld cells checked, %ld columns hoisted, %ld fn_cpus tables, %ld fn_sides columns, "
		"%ld fn_row patches, %ld release rows, layouts and roots remembered within a row\n", cells, hoisted, tables,
		rowed, patch_rows, memo_hits);
	/* the random keys must have exercised each fast path, not skipped them all */
	assert_true(cells > TRIALS(100000));
	assert_true(hoisted > TRIALS(100));
	assert_true(tables > 0);
	assert_true(rowed > TRIALS(100));
	assert_true(patch_rows > TRIALS(20));
	/* each cell above held to plain_value(), which has no memo: a hit gave the fresh look-up's answer */
	assert_true(memo_hits > TRIALS(10000));
}

/* A random variant expression over d's names, into buf: the swept key's names often, some rows failing. */
static void variant_text(const struct patch_desc *d, int depth, struct strbuf *b)
{
	static const char *const bin[] = { "+", "-", "*", "/", "%", "<<", ">>", "<", "==", "&&", "||" };
	static const char *const lit[] = { "0", "1", "2", "3", "4", "16", "32", "64", "127", "256", "1000", "1048576" };
	const char *names[VARIANT_NAMES_MAX + 1];
	int n = variant_names(d, names, VARIANT_NAMES_MAX + 1), k = depth <= 0 ? (int)(next() % 2) : (int)(next() % 8);

	if (k == 0) {
		/* the machine's first names (cpus, ram, totalram ...) and the patch's locals the most */
		int i = next() % 2 ? (int)(next() % 4) : (int)(next() % (uint64_t)n);

		sb_puts(b, names[i]);
	} else if (k == 1) {
		sb_puts(b, lit[next() % (sizeof(lit) / sizeof(lit[0]))]);
	} else if (k <= 4) {
		sb_puts(b, "(");
		variant_text(d, depth - 1, b);
		sb_printf(b, " %s ", bin[next() % (sizeof(bin) / sizeof(bin[0]))]);
		variant_text(d, depth - 1, b);
		sb_puts(b, ")");
	} else if (k == 5) {
		sb_puts(b, "(");
		variant_text(d, depth - 1, b);
		sb_puts(b, " ? ");
		variant_text(d, depth - 1, b);
		sb_puts(b, " : ");
		variant_text(d, depth - 1, b);
		sb_puts(b, ")");
	} else {
		/* a function and its arguments: clamp, min, max, DIV_ROUND_UP, fls */
		static const struct { const char *f; int argc; } fn[] = {
			{ "clamp", 3 }, { "min", 2 }, { "max", 2 }, { "DIV_ROUND_UP", 2 }, { "fls", 1 },
		};
		int f = (int)(next() % (sizeof(fn) / sizeof(fn[0])));

		sb_printf(b, "%s(", fn[f].f);
		for (int a = 0; a < fn[f].argc; a++) {
			if (a)
				sb_puts(b, ", ");
			variant_text(d, depth - 1, b);
		}
		sb_puts(b, ")");
	}
}

/*
 * Variant columns in a sweep (issue 27.3: the program bound for the key and
 * run in its register form once per row, a row's value read straight by a
 * column of the constant's own metric, fn_cpus tables per distinct value)
 * print what metric_compute() gives on the row's machine, cell for cell:
 * random variants on random machines, every metric of their patch, random
 * keys and ranges, csv read back as test_random_sweeps does.
 */
static void test_variant_sweeps(void **state)
{
	static struct sweep sw;
	long cells = 0, na = 0, coded = 0, shows = 0, tables = 0, plateau = 0;

	(void)state;
	for (int trial = 0; trial < TRIALS(500); trial++) {
		struct machine m = machine_with(shapes[trial % (sizeof(shapes) / sizeof(shapes[0]))]);
		/*
		 * cpus a third of the time: its fn_cpus tables take a pass per
		 * distinct value of a variant. Every fifth trial runs cpus one by
		 * one with variants that level off (clamp, min, shifts), where rows
		 * on a plateau take its value without running the program.
		 */
		int level = trial % 5 == 0;
		const struct param *p = level || next() % 3 == 0 ? param_find("cpus") : &params[next() % nparams];
		struct sweep_range r;
		struct strbuf out = STRBUF_INIT, t = STRBUF_INIT;
		struct sweep_cursor c;
		char err[300], *line, *save = NULL, from[32], to[32];
		int row = -1, nvar = 0;

		snprintf(from, sizeof(from), "%llu", (unsigned long long)(next() % 100 + 1));
		snprintf(to, sizeof(to), "%llu", (unsigned long long)(next() % 400 + 101));
		if (level ? sweep_range_parse(&m, "cpus", from, to, "step", "1", &r, err, sizeof(err))
			  : p->type == PT_CHOICE || random_range(&m, p, 30, &r))
			continue;
		/* one to three variants on the patches that take them, half of them reading cpus */
		for (int i = 0; patch_set_builtin.list[i]; i++) {
			/*
			 * Not a per-call constant (proactive_reclaim's ask): its metrics
			 * evaluate it at every call themselves, no sweep path stands in
			 * between, and a small ask makes millions of calls per cell.
			 */
			if (!patch_set_builtin.list[i]->constant || patch_set_builtin.list[i]->constant->per_call || next() % 3 == 0)
				continue;
			for (int v = 0, nv = (int)(next() % 3) + 1; v < nv; v++) {
				char name[16];

				static const char *const levels[] = { "clamp(%llu * cpus, 32, %llu)", "min(cpus / %llu, %llu)",
								      "max(%llu, fls(cpus) * %llu)", "(cpus > %llu) * %llu + 1",
								      "%llu / (cpus / 64) + %llu", "(cpus >> %llu) %% 7 + %llu" };

				sb_reset(&t);
				if (level) {
					sb_printf(&t, levels[next() % (sizeof(levels) / sizeof(levels[0]))],
						  (unsigned long long)(next() % 8 + 1), (unsigned long long)(next() % 300 + 40));
					if (next() % 3 == 0) {
						sb_puts(&t, " + ");
						variant_text(patch_set_builtin.list[i], 1, &t);
					}
				} else {
					if (next() % 2)
						sb_puts(&t, "cpus + ");
					variant_text(patch_set_builtin.list[i], (int)(next() % 4) + 1, &t);
				}
				snprintf(name, sizeof(name), "v%d", v);
				nvar += !variant_add(test_set(&m), patch_set_builtin.list[i], name, sb_str(&t), err, sizeof(err));
			}
		}
		if (!nvar) {
			sb_free(&t);
			continue;
		}
		sweep_init(&sw, &r);
		for (int i = 0; patch_set_builtin.list[i]; i++)
			for (int side = variant_side0(patch_set_builtin.list[i]); variant_at(&m, patch_set_builtin.list[i], side); side++)
				for (const struct metric_desc *md = patch_set_builtin.list[i]->metrics; md->name; md++) {
					char name[128];

					if (md->list || md->single)
						continue;
					snprintf(name, sizeof(name), "%s.%s.%s", patch_set_builtin.list[i]->id, md->name,
						 variant_at(&m, patch_set_builtin.list[i], side)->name);
					if (sw.ncols < SWEEP_MAX_COLS)
						assert_int_equal(sweep_add_metric_m(&sw, &m, name, err, sizeof(err)), 0);
				}
		/* which paths the columns take (sweep_write ends the sweep, and with it sw.vars) */
		sweep_begin(&sw, &m);
		for (int i = 0; i < sw.ncols; i++) {
			coded += sw.cols[i].var >= 0 && sw.vars[sw.cols[i].var].coded;
			/* the constant's own column: read straight from the row's variant, or compiled (core/mmpatch_code.h) */
			shows += (sw.cols[i].var >= 0 && sw.cols[i].shows) || sw.cols[i].code;
		}
		while (sweep_next(&sw) > 0)
			for (int i = 0; i < sw.nvars; i++) /* rows a plateau answers: the row's key is in it */
				plateau += sw.vars[i].coded && sw.m.cpus >= sw.vars[i].code.flat_lo &&
					   sw.m.cpus <= sw.vars[i].code.flat_hi && !strcmp(p->name, "cpus");
		sweep_end(&sw);
		assert_int_equal(sweep_write(&m, &sw, FMT_CSV, NULL, 0, &out, err, sizeof(err)), 0);
		tables += (long)sw.fast_calls;
		sweep_cursor_start(&c);
		for (line = strtok_r(out.buf, "\n", &save); line; line = strtok_r(NULL, "\n", &save), row++) {
			char *cell, *save2 = NULL, where[160];
			int col = -1;

			if (row < 0)
				continue;
			assert_true(sweep_range_next(&r, &c));
			snprintf(where, sizeof(where), "%s = %.17g (trial %d)", p->name, sweep_key_real(&r, &c), trial);
			for (cell = strtok_r(line, ",", &save2); cell; cell = strtok_r(NULL, ",", &save2), col++) {
				struct machine at;
				struct value v;

				if (col < 0)
					continue;
				assert_true(col < sw.ncols);
				/* the plain path: the key set as `set` sets it, then metric_compute(), the variant's check and all */
				at = m;
				if (r.real)
					assert_int_equal(param_set_real(&at, r.key, c.r, err, sizeof(err)), 0);
				else
					assert_int_equal(param_set_u64(&at, r.key, c.u, err, sizeof(err)), 0);
				v = machine_check(&at, err, sizeof(err))
					    ? val_none("refused")
					    : metric_compute(&at, sw.cols[col].patch, sw.cols[col].metric, sw.cols[col].side, NULL);
				same_cell(cell, v, sw.cols[col].head, where);
				na += v.kind == VAL_NONE;
				cells++;
			}
			assert_int_equal(col, sw.ncols);
		}
		assert_int_equal((uint64_t)row, r.rows);
		sb_free(&out);
		sb_free(&t);
	}
	fprintf(stderr, "test_fastpath: %ld variant cells checked (%ld n/a), %ld compiled columns, %ld read straight, "
			"%ld fn_cpus tables, %ld variant rows on a plateau\n", cells, na, coded, shows, tables, plateau);
	assert_true(cells > TRIALS(100000) && na > TRIALS(10000) && cells - na > TRIALS(50000));
	assert_true(coded > TRIALS(2000) && shows > TRIALS(200) && tables > TRIALS(100) && plateau > TRIALS(10000));
}

/* fmt_sig as printf spells it (lang/out/numfmt.c's path when the fast one declines). */
static void sig_plain(double v, int sig, char *buf, size_t len)
{
	char t[64], *dot, *end;
	int e, dec;

	snprintf(t, sizeof(t), "%.*e", sig - 1, v);
	e = atoi(strchr(t, 'e') + 1);
	if (e >= sig - 1) {
		snprintf(buf, len, "%.0f", v);
		return;
	}
	dec = sig - 1 - e;
	if (dec > 24) {
		snprintf(buf, len, "%.*e", sig - 1, v);
		return;
	}
	snprintf(t, sizeof(t), "%.*f", dec, v);
	if ((dot = strchr(t, '.'))) {
		end = t + strlen(t);
		while (end > dot + 1 && end[-1] == '0')
			end--;
		if (end == dot + 1)
			end = dot;
		*end = '\0';
	}
	snprintf(buf, len, "%s", t);
}

/* The explorer's formatter without printf prints what printf would, digit for digit. */
static void test_sig_fast(void **state)
{
	char a[64], b[64];

	(void)state;
	for (long i = 0; i < 1000000; i++) {
		int sig = 1 + (int)(next() % 7);
		double m = (double)(next() % 100000000) / 1e8, v;

		/* every magnitude the cells see, ties and near-ties among them (0.5, 9.9995, 1234.5) */
		switch (i % 4) {
		case 0:
			v = m * pow(10, (double)(next() % 40) - 20);
			break;
		case 1:
			v = (double)(next() % 200000) / (double)(1 + next() % 1000);
			break;
		case 2:
			v = (double)(next() % 100000) * pow(10, -(double)(next() % 6)) + 0.5 * pow(10, -(double)(next() % 6));
			break;
		default:
			v = (double)(next() % 1000000000);
			break;
		}
		if (next() % 2)
			v = -v;
		if (v == 0)
			continue;
		fmt_sig(v, sig, a, sizeof(a));
		sig_plain(v, sig, b, sizeof(b));
		if (strcmp(a, b)) {
			fprintf(stderr, "fmt_sig(%.17g, %d): %s, printf: %s\n", v, sig, a, b);
			fail();
		}
	}
}

/* Every exact and modeled column of every patch, no lists, added to sw. */
static void add_all_metrics(struct sweep *sw)
{
	char err[256];

	for (int i = 0; patch_set_builtin.list[i]; i++)
		for (const struct metric_desc *md = patch_set_builtin.list[i]->metrics; md->name; md++) {
			char name[128];

			if (md->list)
				continue;
			snprintf(name, sizeof(name), "%s.%s", patch_set_builtin.list[i]->id, md->name);
			assert_int_equal(sweep_add_metric(sw, name, err, sizeof(err)), 0);
		}
}

/* lines of text, split in place */
static int split_lines(char *text, char **line, int max)
{
	int n = 0;

	for (char *save = NULL, *l = strtok_r(text, "\n", &save); l && n < max; l = strtok_r(NULL, "\n", &save))
		line[n++] = l;
	return n;
}

/*
 * A sweep keeps each row's text and writes cells again only from the first
 * whose value changed, its key's digits counted on from the last key's
 * (lang/cmd/cmd_sweep.c, row_text), and a table remembers each column's last cell
 * (cell_memo): each of its rows, in every format, must read as the row of a
 * one-row sweep at that key, where nothing is kept - the plain path, every
 * cell formatted afresh. Half the ranges step by 1 to 9 from just below a
 * power of ten, where the counted digits carry.
 */
static void test_kept_text(void **state)
{
	static const enum out_format fmts[] = { FMT_TABLE, FMT_CSV, FMT_JSONL };
	static struct sweep sw, one;
	static char *line[4096], *oline[64];
	long rows[3] = { 0 }, keys = 0;

	(void)state;
	for (int trial = 0; trial < 300; trial++) {
		struct machine m = machine_with(shapes[trial % (sizeof(shapes) / sizeof(shapes[0]))]);
		const struct param *p = &params[next() % nparams];
		enum out_format fmt = fmts[trial % 3];
		struct sweep_range r, r1;
		struct strbuf out = STRBUF_INIT;
		struct sweep_cursor c;
		char err[256];
		int n, first;

		if (p->type == PT_CHOICE || p->type == PT_REAL || (p->flags & PF_POW2) || p->allowed)
			continue;
		if (next() % 2) { /* across a power of ten: 9 -> 10, 999 -> 1000 ... */
			uint64_t ten = 10, step = 1 + next() % 9, from;
			char a[64], b[64], st[64];
			const char *unit = p->type == PT_PAGES ? "p" : "";

			for (int k = (int)(next() % 7); k > 0 && ten <= p->max / 10; k--)
				ten *= 10;
			from = ten - step * (1 + next() % 12);
			from = from < p->min ? p->min : from;
			snprintf(a, sizeof(a), "%llu%s", (unsigned long long)from, unit);
			snprintf(b, sizeof(b), "%llu%s", (unsigned long long)(ten + step * 20 > p->max ? p->max : ten + step * 20),
				 unit);
			snprintf(st, sizeof(st), "%llu%s", (unsigned long long)step, unit);
			if (sweep_range_parse(&m, p->name, a, b, "step", st, &r, err, sizeof(err)))
				continue;
		} else if (random_range(&m, p, 40, &r)) {
			continue;
		}
		sweep_init(&sw, &r);
		add_all_metrics(&sw);
		assert_int_equal(sweep_write(&m, &sw, fmt, NULL, 0, &out, err, sizeof(err)), 0);
		n = split_lines(out.buf, line, 4096);
		if (fmt == FMT_TABLE && n && !strncmp(line[n - 1], "n/a: ", 5))
			n--; /* rows `set` refuses: the note after them */
		first = n - (int)r.rows; /* the heading's lines before the rows */
		assert_true(first >= 1);
		sweep_cursor_start(&c);
		for (uint64_t k = 0; sweep_range_next(&r, &c); k++) {
			struct strbuf o = STRBUF_INIT;
			char at[64];
			int m1;

			snprintf(at, sizeof(at), "%llu%s", (unsigned long long)c.u, p->type == PT_PAGES ? "p" : "");
			assert_int_equal(sweep_range_parse(&m, p->name, at, at, "step", "1", &r1, err, sizeof(err)), 0);
			sweep_init(&one, &r1);
			add_all_metrics(&one);
			assert_int_equal(sweep_write(&m, &one, fmt, NULL, 0, &o, err, sizeof(err)), 0);
			m1 = split_lines(o.buf, oline, 64);
			if (fmt == FMT_TABLE && !strncmp(oline[m1 - 1], "n/a: ", 5))
				m1--;
			if (strcmp(line[first + (int)k], oline[m1 - 1])) {
				fprintf(stderr, "%s = %s (trial %d, format %d): sweep row\n%s\none-row sweep\n%s\n", p->name, at,
					trial, (int)fmt, line[first + (int)k], oline[m1 - 1]);
				fail();
			}
			if (fmt == FMT_TABLE && p->type != PT_SIZE) {
				/* both rows take the key's digits from the same code: the key read back too */
				const char *key = line[first + (int)k] + strspn(line[first + (int)k], " ");

				if (strtoull(key, NULL, 10) != c.u || !strchr(" ", key[strspn(key, "0123456789")])) {
					fprintf(stderr, "%s = %s (trial %d): the table's row begins '%.30s'\n", p->name, at, trial,
						line[first + (int)k]);
					fail();
				}
				keys++;
			}
			rows[trial % 3]++;
			sb_free(&o);
		}
		sb_free(&out);
	}
	fprintf(stderr, "test_fastpath: %ld table, %ld csv and %ld jsonl rows held against one-row sweeps, %ld table keys "
		"read back\n", rows[0], rows[1], rows[2], keys);
	assert_true(rows[0] > 300 && rows[1] > 300 && rows[2] > 300 && keys > 100);
}

/* The two sides' values are the same value (kind and bits; an n/a's reason aside). */
static int same_sides(const struct value *a, const struct value *b, int n)
{
	for (int s = 0; s < n; s++)
		if (a[s].kind != b[s].kind || (a[s].kind != VAL_NONE && a[s].i != b[s].i))
			return 0;
	return 1;
}

/* What a sweep row holds for a metric with a plateau: fn_sides, or fn on each side (one value for a single one). */
static void plateau_sides(const struct metric_desc *md, const struct machine *m, int n, struct value *v)
{
	if (md->fn_sides) {
		md->fn_sides(m, v);
		return;
	}
	for (int s = 0; s < (md->single ? 1 : n); s++)
		v[s] = md->fn(m, md, s, NULL);
}

/*
 * A metric's totalram_plateau (core/patch.h) promises that fn_sides (or fn) gives the
 * same values from m's totalram up to the totalram it returns: held at its
 * ends and at points between, for random machines and totalram of every
 * size (around the kernel's divisions, fls()'s 32-bit cut, the top of 64
 * bits); and the runs are not all empty, or the sweep would gain nothing.
 */
static void test_totalram_plateaus(void **state)
{
	static const char *const more[] = { "cpus 1", "cpus 65536", "overcommit never cpus 3", "committed_lift 256",
					    "committed_lift 2 cpus 7", "pagesize 64K", "pagesize 16K cpus 96",
					    "vmpressure_win 1000" };
	long checked = 0, runs = 0, long_runs = 0;

	(void)state;
	for (int i = 0; patch_set_builtin.list[i]; i++)
		for (const struct metric_desc *md = patch_set_builtin.list[i]->metrics; md->name; md++) {
			if (!md->totalram_plateau)
				continue;
			for (int trial = 0; trial < 3000; trial++) {
				const char *shape = trial % 2 ? shapes[trial / 2 % (sizeof(shapes) / sizeof(shapes[0]))]
							      : more[trial / 2 % (sizeof(more) / sizeof(more[0]))];
				struct machine m = machine_with(shape), at;
				struct value v0[PATCH_MAX_SIDES], v[PATCH_MAX_SIDES];
				int bits = (int)(next() % 64) + 1, n = patch_nsides(patch_set_builtin.list[i]);
				uint64_t t = next() >> (64 - bits), hi;

				if (!md->fn_sides && md->single)
					n = 1; /* fn's side 0 is its one value */
				if (trial % 7 == 0) /* just below where a quotient or fls() turns over */
					t = ((next() % 1000 + 1) << (next() % 40)) - next() % 3;
				if (!t)
					t = 1;
				m.totalram = t;
				hi = md->totalram_plateau(&m);
				if (!hi)
					continue; /* it cannot say: the sweep calls fn_sides */
				assert_true(hi >= t);
				runs++;
				long_runs += hi > t;
				plateau_sides(md, &m, n, v0);
				for (int k = 0; k < 6; k++) {
					at = m;
					at.totalram = k == 0 ? hi : k == 1 ? t + (hi > t) : k == 2 ? t + (hi - t) / 2
						    : t + next() % (hi - t + 1);
					plateau_sides(md, &at, n, v);
					if (!same_sides(v0, v, n)) {
						fprintf(stderr, "%s.%s on '%s': totalram %llu says its values stand to %llu, "
							"but at %llu they differ\n", patch_set_builtin.list[i]->id, md->name, shape,
							(unsigned long long)t, (unsigned long long)hi,
							(unsigned long long)at.totalram);
						fail();
					}
					checked++;
				}
			}
		}
	fprintf(stderr, "test_fastpath: %ld runs of equal values held at %ld points, %ld longer than one row\n", runs,
		checked, long_runs);
	assert_true(runs > 10000);
	assert_true(long_runs > runs / 2);
}

/*
 * Sweeps over totalram one by one (and in small steps) across the runs, every
 * metric on the row: the rows taken from a run print what the metric's fn
 * gives there, as test_random_sweeps reads them back.
 */
static void test_plateau_sweeps(void **state)
{
	static struct sweep sw;
	long cells = 0, skipped = 0;

	(void)state;
	for (int trial = 0; trial < TRIALS(120); trial++) {
		const char *shape = shapes[trial % (sizeof(shapes) / sizeof(shapes[0]))];
		struct machine m = machine_with(shape);
		struct sweep_range r;
		struct strbuf out = STRBUF_INIT;
		char err[256], from[32], to[32], step[32];
		uint64_t base = (next() % 4000 + 1) << (next() % 24), back = next() % 300, w = next() % 1500 + 1;
		uint64_t a = base > back ? base - back : 1; /* often just below where a quotient or fls() turns over */

		snprintf(from, sizeof(from), "%llup", (unsigned long long)a);
		snprintf(to, sizeof(to), "%llup", (unsigned long long)(a + w));
		snprintf(step, sizeof(step), "%llup", (unsigned long long)(trial % 4 ? 1 : next() % 7 + 1));
		if (sweep_range_parse(&m, "totalram", from, to, "step", step, &r, err, sizeof(err))) {
			fprintf(stderr, "test_plateau_sweeps: %s\n", err);
			fail();
		}
		sweep_init(&sw, &r);
		for (int i = 0; patch_set_builtin.list[i]; i++) {
			int with_runs = 0, pick;

			for (const struct metric_desc *md = patch_set_builtin.list[i]->metrics; md->name; md++)
				with_runs += md->totalram_plateau != NULL;
			pick = with_runs ? (int)(next() % (uint64_t)with_runs) : -1;
			for (const struct metric_desc *md = patch_set_builtin.list[i]->metrics; md->name; md++) {
				char name[128];

				/*
				 * Half the trials every metric (a patch's fn_row serves them, runs or
				 * not); the other half one metric with runs a patch, fn_sides alone.
				 */
				if (md->list || (trial % 2 && (!md->totalram_plateau || pick--)))
					continue;
				snprintf(name, sizeof(name), "%s.%s", patch_set_builtin.list[i]->id, md->name);
				assert_int_equal(sweep_add_metric(&sw, name, err, sizeof(err)), 0);
			}
		}
		assert_int_equal(sweep_write(&m, &sw, FMT_CSV, NULL, 0, &out, err, sizeof(err)), 0);
		skipped += (long)sw.plateau_rows;
		cells += check_csv(out.buf, &m, &r, &sw, trial, shape);
		sb_free(&out);
	}
	fprintf(stderr, "test_fastpath: %ld cells of totalram sweeps checked, %ld group rows taken from runs\n", cells,
		skipped);
	assert_true(cells > TRIALS(50000));
	assert_true(skipped > TRIALS(10000));
}

/*
 * Sweeps over totalram whose every column has a plateau (or does not read
 * totalram): past the first rows the writer writes the rows where every cell
 * stands as the row before with the key counted on (same_rows() in
 * lang/cmd/cmd_sweep.c, sweep_still() in core/sweep.c). Every row of them, in
 * table, csv and jsonl, across powers of ten of the key and the runs' ends,
 * held to a one-row sweep at its key.
 */
static void test_same_rows(void **state)
{
	static const enum out_format fmts[] = { FMT_TABLE, FMT_CSV, FMT_JSONL };
	static struct sweep sw, one;
	static char *line[8192], *oline[64];
	long rows = 0, runs_ok = 0;

	(void)state;
	for (int trial = 0; trial < TRIALS(90); trial++) {
		struct machine m = machine_with(shapes[trial % (sizeof(shapes) / sizeof(shapes[0]))]);
		enum out_format fmt = fmts[trial % 3];
		uint64_t ten = 1000ull, step = trial % 4 ? 1 : next() % 40 + 1, from;
		struct sweep_range r, r1;
		struct strbuf out = STRBUF_INIT;
		struct sweep_cursor c;
		char a[64], b[64], st[64], err[256];
		int n, first;

		for (int k = (int)(next() % 5); k > 0; k--)
			ten *= 10;
		/* across a power of ten of the key, and often across where the batch's quotient turns over (x 16384) */
		from = trial % 2 ? ten - step * (next() % 3000 + 1) : ((next() % 300 + 1) << 14) - step * (next() % 2000);
		snprintf(a, sizeof(a), "%llup", (unsigned long long)from);
		snprintf(b, sizeof(b), "%llup", (unsigned long long)(from + step * (next() % 2500 + 100)));
		snprintf(st, sizeof(st), "%llup", (unsigned long long)step);
		if (sweep_range_parse(&m, "totalram", a, b, "step", st, &r, err, sizeof(err)))
			continue;
		sweep_init(&sw, &r);
		for (int i = 0; patch_set_builtin.list[i]; i++)
			for (const struct metric_desc *md = patch_set_builtin.list[i]->metrics; md->name; md++) {
				char name[128];

				if (md->list || (md->totalram_plateau ? next() % 3 == 0 : !md->reads || metric_reads(md, "totalram") ||
									     next() % 4))
					continue;
				snprintf(name, sizeof(name), "%s.%s", patch_set_builtin.list[i]->id, md->name);
				assert_int_equal(sweep_add_metric(&sw, name, err, sizeof(err)), 0);
			}
		if (!sw.ncols)
			assert_int_equal(sweep_add_metric(&sw, "vmpressure.window", err, sizeof(err)), 0);
		assert_int_equal(sweep_write(&m, &sw, fmt, NULL, 0, &out, err, sizeof(err)), 0);
		runs_ok += sw.runs_ok;
		n = split_lines(out.buf, line, 8192);
		if (fmt == FMT_TABLE && n && !strncmp(line[n - 1], "n/a: ", 5))
			n--;
		first = n - (int)r.rows;
		assert_true(first >= 1);
		sweep_cursor_start(&c);
		for (uint64_t k = 0; sweep_range_next(&r, &c); k++) {
			struct strbuf o = STRBUF_INIT;
			char at[64];
			int m1;

			snprintf(at, sizeof(at), "%llup", (unsigned long long)c.u);
			assert_int_equal(sweep_range_parse(&m, "totalram", at, at, "step", "1", &r1, err, sizeof(err)), 0);
			sweep_init(&one, &r1);
			for (int i = 0; i < sw.ncols; i++)
				assert_int_equal(sweep_add_metric(&one, sw.cols[i].head, err, sizeof(err)), 0);
			assert_int_equal(sweep_write(&m, &one, fmt, NULL, 0, &o, err, sizeof(err)), 0);
			m1 = split_lines(o.buf, oline, 64);
			if (fmt == FMT_TABLE && !strncmp(oline[m1 - 1], "n/a: ", 5))
				m1--;
			if (strcmp(line[first + (int)k], oline[m1 - 1])) {
				fprintf(stderr, "totalram = %s (trial %d, format %d): sweep row\n%s\none-row sweep\n%s\n", at, trial,
					(int)fmt, line[first + (int)k], oline[m1 - 1]);
				fail();
			}
			rows++;
			sb_free(&o);
		}
		sb_free(&out);
	}
	fprintf(stderr, "test_fastpath: %ld rows of %ld sweeps whose rows may stand held against one-row sweeps\n", rows,
		runs_ok);
	assert_true(rows > TRIALS(30000) && runs_ok > TRIALS(60));
}

/* A list's items in order, runs spelled out as (item, repeat) pairs, for two walks to be compared. */
struct item_runs {
	uint64_t item[4096], repeat[4096];
	int n;
	uint64_t count;
};

static void add_run(uint64_t item, uint64_t repeat, void *ctx)
{
	struct item_runs *r = ctx;

	if (!repeat)
		return;
	r->count += repeat;
	if (r->n && r->item[r->n - 1] == item) { /* one run, however the walk cut it */
		r->repeat[r->n - 1] += repeat;
		return;
	}
	if (r->n < 4096) {
		r->item[r->n] = item;
		r->repeat[r->n++] = repeat;
	}
}

/*
 * proactive_reclaim's asks of full and decay come from their rule with the
 * floor's tail as one run (asks_rule(), core/mm/proactive_reclaim.c); a
 * variant with the same rule (remaining, remaining / divisor) walks call by
 * call through next_ask(). Held item by item over random requests, page
 * sizes and divisors (powers of two, where the rule shifts, and others).
 */
static void test_asks_rule(void **state)
{
	const struct patch_desc *d = patch_find(NULL, "proactive_reclaim");
	const struct metric_desc *md = d ? patch_metric(d, "asks") : NULL;
	static struct item_runs a, b;
	long lists = 0, items = 0;
	char err[256];

	(void)state;
	assert_non_null(md);
	for (int trial = 0; trial < 3000; trial++) {
		struct machine m = machine_with(trial % 3 ? "pagesize 4K" : "pagesize 64K");
		uint64_t div = trial % 2 ? 1ull << (next() % 11) : next() % 1024 + 1;
		int full = trial % 5 == 0, side = patch_side(d, full ? "full" : "decay");
		char expr[64], set[64];
		uint64_t na, nb;

		snprintf(set, sizeof(set), "%llu", (unsigned long long)div);
		assert_int_equal(param_set(&m, param_find("reclaim_divisor"), set, err, sizeof(err)), 0);
		m.reclaim = (next() >> (next() % 64)) % (1ull << 44) + 1;
		snprintf(expr, sizeof(expr), full ? "remaining" : "remaining / %llu", (unsigned long long)div);
		assert_int_equal(variant_add(test_set(&m), d, "same", expr, err, sizeof(err)), 0);
		memset(&a, 0, sizeof(a));
		memset(&b, 0, sizeof(b));
		assert_true(side >= 0);
		na = md->list(&m, side, add_run, &a);
		nb = md->list(&m, variant_side0(d), add_run, &b);
		assert_int_equal(na, a.count); /* a list says how many items it gave, and fn says the same */
		assert_int_equal(md->fn(&m, md, side, NULL).i, na);
		assert_int_equal(nb, b.count);
		if (b.n == 4096)
			continue; /* longer than the record: compared in part only, so not at all */
		if (a.count != b.count || a.n != b.n || memcmp(a.item, b.item, sizeof(a.item[0]) * (size_t)a.n) ||
		    memcmp(a.repeat, b.repeat, sizeof(a.repeat[0]) * (size_t)a.n)) {
			fprintf(stderr, "asks.%s, reclaim %llu, divisor %llu: %llu asks in %d runs, the call-by-call walk "
				"%llu in %d\n", full ? "full" : "decay", (unsigned long long)m.reclaim,
				(unsigned long long)div, (unsigned long long)a.count, a.n, (unsigned long long)b.count, b.n);
			fail();
		}
		lists++;
		items += (long)a.count;
	}
	fprintf(stderr, "test_fastpath: %ld asks lists (%ld asks) held to the call-by-call walk\n", lists, items);
	assert_true(lists > 2000);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_random_sweeps),
		cmocka_unit_test(test_variant_sweeps),
		cmocka_unit_test(test_kept_text),
		cmocka_unit_test(test_sig_fast),
		cmocka_unit_test(test_totalram_plateaus),
		cmocka_unit_test(test_plateau_sweeps),
		cmocka_unit_test(test_asks_rule),
		cmocka_unit_test(test_same_rows),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
