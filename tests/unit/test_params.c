/* The parameter table and the unit parsers: every bad value is refused and leaves the machine alone. */
#include "testutil.h"

#include <math.h>
#include <stdlib.h>

#include "../../core/units.h"

static void test_parse_size(void **state)
{
	static const struct { const char *s; uint64_t v; } good[] = {
		{ "4G", 4ull << 30 },   { "512M", 512ull << 20 }, { "1.5T", 3ull << 39 }, { "4096", 4096 },
		{ "4GiB", 4ull << 30 }, { "4GB", 4ull << 30 },    { "0.5K", 512 },        { "1E", 1ull << 60 },
		{ "15E", 15ull << 60 }, { "0", 0 },
	};
	static const char *const bad[] = { "", "G", "4X", "4.G", "-1", "1.2.3", "16E", "99999999999999999999",
					   "0.1B", "4 G", "1e3", "0x10" };
	char err[128];
	uint64_t v;

	(void)state;
	for (size_t i = 0; i < sizeof(good) / sizeof(good[0]); i++) {
		assert_int_equal(parse_size(good[i].s, &v, err, sizeof(err)), 0);
		assert_int_equal(v, good[i].v);
	}
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		assert_int_equal(parse_size(bad[i], &v, err, sizeof(err)), -1);
}

static void expect_refused(const char *key, const char *value, const char *message)
{
	struct machine m = machine_with(""), before = m;
	char err[256];

	assert_int_equal(param_set(&m, param_find(key), value, err, sizeof(err)), -1);
	assert_memory_equal(&m, &before, sizeof(m));
	if (message && !strstr(err, message)) {
		fprintf(stderr, "expected '%s' in '%s'\n", message, err);
		fail();
	}
}

static void test_refused(void **state)
{
	(void)state;
	expect_refused("cpus", "0", "cpus: '0' is out of range (1..65536)");
	expect_refused("cpus", "65537", "out of range");
	expect_refused("cpus", "4G", "expected a whole number");
	expect_refused("cpus", "abc", "expected a whole number");
	expect_refused("cpus", "99999999999999999999999", "too large");
	expect_refused("ram", "512K", "out of range");
	expect_refused("ram", "2E", "out of range");
	expect_refused("ram", "4X", "unknown unit");
	expect_refused("ram", "100p", "'p' means pages");
	expect_refused("mmap", "1pib", "'p' means pages");
	expect_refused("threads", "AUTO", "auto (lower case)");
	expect_refused("pagesize", "8K", "not one of 4 KiB, 16 KiB, 64 KiB");
	expect_refused("overcommit", "sometimes", "not one of guess|always|never");
	expect_refused("overcommit", "3", "not one of");
	expect_refused("totalram", "0p", "out of range");
	expect_refused("totalram", "12q", "expected NNNp");
	expect_refused("committed_lift", "48", "power of two");
	expect_refused("threads", "0", "out of range");
}

static void test_accepted(void **state)
{
	struct machine m;
	char buf[64];

	(void)state;
	m = machine_with("overcommit 2");
	assert_int_equal(m.overcommit, OVERCOMMIT_NEVER);
	param_format(&m, param_find("overcommit"), buf, sizeof(buf));
	assert_string_equal(buf, "never");
	m = machine_with("ram 4G");
	param_format(&m, param_find("totalram"), buf, sizeof(buf));
	assert_string_equal(buf, "1032192"); /* 1048576 pages less 16384 for the memmap */
	m = machine_with("totalram 2G");
	assert_int_equal(machine_totalram(&m), 524288);
	m = machine_with("cpus 65536 ram 1E pagesize 64K");
	assert_int_equal(m.cpus, 65536);
	param_format(&m, param_find("threads"), buf, sizeof(buf));
	assert_string_equal(buf, "65536");
}

/* Every default in the table is itself a valid value of its row. */
static void test_defaults_valid(void **state)
{
	(void)state;
	for (size_t i = 0; i < nparams; i++) {
		struct machine m;
		char err[256];

		machine_defaults(&m);
		if (param_set(&m, &params[i], params[i].def, err, sizeof(err))) {
			fprintf(stderr, "default of %s: %s\n", params[i].name, err);
			fail();
		}
	}
}

/* What a save writes reads back the same. */
static void test_format_input_roundtrip(void **state)
{
	struct machine m = machine_with("cpus 72 ram 1.5T pagesize 16K totalram 123456p overcommit always zone auto");
	struct machine back = machine_with("pagesize 16K");

	(void)state;
	/* in table order, so an auto value sees the rows it derives from already read back */
	for (size_t i = 0; i < nparams; i++) {
		char v[64], err[256];

		param_format_input(&m, &params[i], v, sizeof(v));
		assert_int_equal(param_set(&back, &params[i], v, err, sizeof(err)), 0);
		param_format(&back, &params[i], err, sizeof(err));
		param_format(&m, &params[i], v, sizeof(v));
		assert_string_equal(err, v);
	}
}

/* A real is saved in the fewest digits that read back the same (issue 51): 1687.66, not 1687.6600000000001. */
static void test_format_input_shortest(void **state)
{
	static const double reals[] = { 1687.66, 0.1, 99.99999999999999, 2000, 0.01234, 0.105273, 3.0000000000000004 };
	const struct param *p = param_find("charge_page_ns");
	struct machine m = machine_with("cpus 8");

	(void)state;
	assert_non_null(p);
	for (size_t i = 0; i < sizeof(reals) / sizeof(reals[0]); i++) {
		char v[64], shorter[400], err[256];

		assert_int_equal(param_set_real(&m, p, reals[i], err, sizeof(err)), 0);
		param_format_input(&m, p, v, sizeof(v));
		assert_true(strtod(v, NULL) == reals[i]);
		assert_null(strchr(v, 'e') && reals[i] >= 1 ? v : NULL); /* a whole number is written whole */
		/* one significant digit fewer does not read back */
		int sig = 0, lead = 1;

		for (const char *c = v; *c && *c != 'e'; c++)
			if (*c >= '0' && *c <= '9' && !(lead && *c == '0'))
				sig++, lead = 0;
		snprintf(shorter, sizeof(shorter), "%.*g", sig - 1, reals[i]);
		if (sig > 1 && reals[i] != floor(reals[i]))
			assert_false(strtod(shorter, NULL) == reals[i]);
	}
}

/* No exact metric wraps on the largest machine: 65536 CPUs, 1 EiB, 64K pages, an exbibyte request. */
static void test_no_overflow_at_limits(void **state)
{
	static const char *const machines[] = {
		"cpus 65536 ram 1E pagesize 64K reclaim 1E scanned 4611686018427387904 mmap 1P",
		"cpus 65536 ram 1E pagesize 4K reclaim 1E charge_batch 65536",
		"cpus 1 ram 1E pagesize 4K overcommit always committed_lift 256",
		"cpus 65536 ram 1M pagesize 64K chunk 1048576",
	};
	(void)state;
	for (size_t k = 0; k < sizeof(machines) / sizeof(machines[0]); k++) {
		struct machine m = machine_with(machines[k]);

		for (int i = 0; patch_set_builtin.list[i]; i++) {
			for (const struct metric_desc *md = patch_set_builtin.list[i]->metrics; md->name; md++) {
				for (int s = 0; s < patch_nsides(patch_set_builtin.list[i]); s++) {
					struct value v = md->fn(&m, md, s, NULL);

					if (v.kind == VAL_REAL)
						assert_false(v.r != v.r); /* never nan */
				}
			}
		}
		/* products that would wrap if done in 32 bits, checked against their factors */
		assert_true(metric_u64(&m, "committed_as.max_drift_bytes.after") >=
			    metric_u64(&m, "committed_as.batch.after"));
		assert_int_equal(metric_u64(&m, "memcg_charge.stock_max_bytes.after"),
				 m.cpus * m.charge_batch * m.pagesize);
	}
}

/* Issue 11: impossible machines are refused where the user set both values; auto follows. */
static void test_machine_check(void **state)
{
	struct machine m;
	char err[256];

	(void)state;
	m = machine_with("ram 1G totalram 300000p");
	assert_int_equal(machine_check(&m, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "totalram: 300000 pages is more than ram holds (262144 pages"));
	m = machine_with("ram 1G totalram 200000p zone 250000p");
	assert_int_equal(machine_check(&m, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "zone: 250000 pages is more than totalram (200000 pages)"));
	m = machine_with("cpus 2 sockets 3");
	assert_int_equal(machine_check(&m, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "sockets: 3 packages is more than cpus (2)"));
	/* defaults and autos always fit, even on a one-CPU, one-MiB machine */
	m = machine_with("cpus 1 ram 1M");
	assert_int_equal(machine_check(&m, err, sizeof(err)), 0);
	assert_int_equal(machine_sockets(&m), 1);
	m = machine_with("ram 1G totalram 262144p zone 262144p cpus 4 sockets 4");
	assert_int_equal(machine_check(&m, err, sizeof(err)), 0);
}

/*
 * Issue 27: machine_totalram() divides by shifting, and machine_check()
 * refuses what the three tests say: both against the definitions, worked
 * in 128 bits, on random machines at the edges of each test.
 */
static void test_refused_is_check(void **state)
{
	static const uint64_t pagesizes[] = { 4096, 16384, 65536 };
	uint64_t x = 0x9e3779b97f4a7c15ull;
	char err[256];

	(void)state;
	for (int k = 0; k < 200000; k++) {
		struct machine m = machine_with("");
		uint64_t ram_pages, total;

		x ^= x << 13, x ^= x >> 7, x ^= x << 17;
		m.pagesize = pagesizes[x % 3];
		m.ram = (x >> 2) % 8 ? (x >> 5) % (1ull << (20 + (x >> 40) % 40)) + m.pagesize : ~0ull - (x >> 50);
		ram_pages = m.ram / m.pagesize;
		total = (uint64_t)(((unsigned __int128)m.ram - (unsigned __int128)m.ram * 64 / m.pagesize) / m.pagesize);
		assert_true(machine_totalram(&m) == total);
		m.totalram = (x >> 9) % 3 ? 0 : ram_pages + (x >> 11) % 3 - 1;
		total = m.totalram ? m.totalram : total;
		m.zone = (x >> 13) % 3 ? 0 : total + (x >> 15) % 3 - 1;
		m.cpus = 1 + (x >> 17) % 8;
		m.sockets = (x >> 21) % 2 ? 0 : m.cpus + (x >> 23) % 3 - 1;
		int refused = (m.totalram && m.totalram > ram_pages) || (m.zone && m.zone > total) ||
			      (!m.zone && m.nodes > total) || /* issue 47: an auto zone of 0 pages */
			      (m.sockets && m.sockets > m.cpus);

		assert_int_equal(machine_check(&m, err, sizeof(err)), refused ? -1 : 0);
	}
}

/* Issue 11: threads beyond cpus do not scale a model past the CPUs it has. */
static void test_threads_capped_at_cpus(void **state)
{
	struct machine a = machine_with("cpus 64 threads 64"), b = machine_with("cpus 64 threads 128"),
		       c = machine_with("cpus 64 threads 32");
	const struct patch_desc *d = patch_find(NULL, "committed_as");
	const struct metric_desc *md = NULL;

	(void)state;
	for (const struct metric_desc *x = d->metrics; x->name; x++)
		if (!strcmp(x->name, "throughput"))
			md = x;
	assert_non_null(md);
	assert_true(machine_parallel(&b) == 64);
	for (int side = 0; side < 2; side++) {
		double xa = metric_compute(&a, d, md, side, NULL).r, xb = metric_compute(&b, d, md, side, NULL).r,
		       xc = metric_compute(&c, d, md, side, NULL).r;

		assert_true(xb == xa);
		assert_true(xc < xa);
	}
}

/* The parameters alone: the set (the variants) keeps what it was, every parameter reads as machine_defaults' does. */
static void test_param_defaults_keep_slots(void **state)
{
	static struct machine m, d;

	(void)state;
	memset(&m, 0xa5, sizeof(m));
	machine_param_defaults(&m);
	machine_defaults(&d);
	assert_memory_equal(&m, &d, offsetof(struct machine, set));
	for (size_t i = offsetof(struct machine, set); i < sizeof(m); i++)
		assert_int_equal(((unsigned char *)&m)[i], 0xa5);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_parse_size),     cmocka_unit_test(test_refused),
		cmocka_unit_test(test_refused_is_check),
		cmocka_unit_test(test_format_input_shortest),
		cmocka_unit_test(test_accepted),       cmocka_unit_test(test_defaults_valid),
		cmocka_unit_test(test_format_input_roundtrip), cmocka_unit_test(test_no_overflow_at_limits),
		cmocka_unit_test(test_machine_check), cmocka_unit_test(test_threads_capped_at_cpus),
		cmocka_unit_test(test_param_defaults_keep_slots),
	};
	return cmocka_run_group_tests_name("params", tests, NULL, NULL);
}
