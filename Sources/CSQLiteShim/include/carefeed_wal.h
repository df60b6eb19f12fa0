#ifndef CAREFEED_WAL_H
#define CAREFEED_WAL_H

#include <sqlite3.h>

/* The header of a WAL store's shared-memory index, read as SQLite's own
   readers read it. Swift can call neither piece itself: the index is reached
   through a function pointer of the connection's VFS file (xShmMap), and its
   header must be read with volatile loads and a memory barrier between its
   two copies, in the order SQLite writes them. */

/* The first region of the index SQLite maps for `db`'s main database, or
   NULL when it has none (not in WAL mode, the index not opened yet, or a VFS
   other than "unix"). The region stays mapped while `db` is open. Connections
   of one process to one file share one mapping, so equal pointers mean the
   same file. */
const volatile void *carefeed_wal_index(sqlite3 *db);

/* Copies the header's first copy into `header` and returns 1 when its two
   copies agree, SQLite has built it and its checksum holds: what SQLite's
   readers accept; 0 otherwise, as while a commit is writing it. */
int carefeed_wal_header(const volatile void *index, unsigned char header[48]);

#endif
