/*
 * Calibration: the modeled metrics' cost constants recomputed from the seeds'
 * published figures, through the very metric functions `get` uses, so a
 * default in params.c or a value in a preset is never a magic number
 * (tests/unit/test_calibrate.c checks they agree; `make calibrate` prints them).
 * Each function keeps the constants the seed cannot determine (assumptions)
 * from *m, fits the rest on the seed's own machine, and stores them in *m.
 */
#ifndef BL_CALIBRATE_H
#define BL_CALIBRATE_H

#include <stddef.h>

#include "machine.h"
#include "measured.h"

/* Seed 000: 72 CPUs, three cgroup levels, 36 netperf TCP_SENDFILE instances. */
#define SEED000_CPUS 72
#define SEED000_DEPTH 3
/* the fit rows of core/measured.c: calibration reads its figures there, and nowhere else */
#define SEED000_MBPS_BEFORE measured_fit_figure("seed000-b32")
#define SEED000_MBPS_AFTER measured_fit_figure("seed000-b64")

/* Seed 003: will-it-scale mmap, 128M per loop; RAM not published (assumed). */
#define SEED003_DESKTOP_THREADS 16 /* 8C/16T, 1 socket */
#define SEED003_DESKTOP_RAM_GIB 16 /* assumed */
#define SEED003_DESKTOP_SPEEDUP measured_fit_figure("mmap-desktop")
#define SEED003_SERVER_THREADS 144 /* 4S/72C/144T */
#define SEED003_SERVER_SOCKETS 4
#define SEED003_SERVER_RAM_GIB 192 /* assumed */
#define SEED003_SERVER_SPEEDUP measured_fit_figure("mmap-server")

/* Seed 002: the three scenarios, pages/s and seconds per strategy; 0 = not published. */
enum reclaim_scenario { RECLAIM_ROOT, RECLAIM_CHILD_1G, RECLAIM_CHILD_FULL, RECLAIM_SCENARIOS };

struct seed002_row {
	double pages_per_s, time_s; /* time_s: INFINITY = never finished */
	double overreclaim_mib;     /* NAN = not published */
};

struct seed002_scenario {
	const char *name;   /* as the seed titles it */
	const char *preset; /* the preset that carries its constants */
	int full;           /* "full reclaim": the request is whatever the pre row reclaimed */
	unsigned long long request_bytes; /* when not full */
	struct seed002_row row[3]; /* pre-0388536ac291 (full), post (cluster), (reclaim-reclaimed)/4 (decay) */
};

extern const struct seed002_scenario seed002[RECLAIM_SCENARIOS];

int calibrate_memcg(struct machine *m, char *err, size_t errlen);
/*
 * A machine's own speed for the netperf model: *m is the fit row's machine
 * (its preset) with seed 000's constants; charge_page_ns and page_counter_ns
 * are scaled by the one factor that makes throughput.after the row's figure
 * (X scales as 1 / Z when Z and c scale together), their ratio kept.
 */
int calibrate_memcg_speed(struct machine *m, const char *fit_id, char *err, size_t errlen);
int calibrate_committed(struct machine *m, char *err, size_t errlen);
/* Also sets m->reclaim for the full scenarios and m->reclaim_eps for the 1G one. */
int calibrate_reclaim(struct machine *m, enum reclaim_scenario sc, char *err, size_t errlen);

/* The seed-shaped machines the fits run on (also what the fidelity tests use). */
void seed000_machine(struct machine *m);
void seed003_machine(struct machine *m, int server);

#endif
