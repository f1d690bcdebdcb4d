/* The command line's commonest use answered by the C start (lokale_start.h), before the front's
 * Swift code runs. Internal. */
#ifndef LOKALE_FRONT_START_H
#define LOKALE_FRONT_START_H

/* `lokale lookup BUNDLE.lokale KEY` and nothing else: the environment's languages, the bundle,
 * the key's text formatted without arguments by the fast path (lk_fast_format), printed with a
 * newline as the lookup command prints it. Returns 0 when it printed the answer; -1 when the
 * command is the Swift command's to run: other arguments, or anything the start or the fast path
 * declines (a language the table's records do not name, a missing key or table, a problem to
 * report), which then answers as if this had not been tried. */
int lk_front_lookup(int argc, char **argv);

#endif
