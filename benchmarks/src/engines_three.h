/* lokale, the bare hash and gettext in one program (side.c, threads.c): engines.h included once
 * per engine, its functions prefixed lk_ (with lokale's runtime rt), hash_ and gt_. The includer
 * defines _GNU_SOURCE and provides datadir, KW and PLURAL_KEY before it; build with
 * -Wno-unused-function (each program uses only some of each engine's functions). */
#ifndef LOKALE_BENCH_ENGINES_THREE_H
#define LOKALE_BENCH_ENGINES_THREE_H

#include <errno.h>
#include <fcntl.h>
#include <locale.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#define ENGINE_LOKALE
#define ENG(name) lk_##name
#include "engines.h"
#undef ENGINE_LOKALE
#undef ENG
#undef ENGINE
#undef HAS_PLURAL

#define ENGINE_HASH
#define ENG(name) hash_##name
#include "engines.h"
#undef ENGINE_HASH
#undef ENG
#undef ENGINE
#undef HAS_PLURAL

#define ENGINE_GETTEXT
#define ENG(name) gt_##name
#include "engines.h"
#undef ENGINE_GETTEXT
#undef ENG
#undef ENGINE
#undef HAS_PLURAL

#endif
