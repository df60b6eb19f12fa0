#include "carefeed_wal.h"

#include <stdint.h>
#include <string.h>

/* The layout is SQLite's file format (https://sqlite.org/walformat.html,
   "The WAL-Index Header"), the same in every version since 3.7.0: two copies
   of a 48-byte header at the start of the first region, in the machine's
   byte order; iVersion (the first four bytes) is 3007000, and isInit (byte
   12) is 1 once the index is built. A commit writes the second copy, then a
   barrier, then the first; a reader reads the first, then a barrier, then
   the second, and trusts them only when they agree (wal.c, walIndexTryHdr). */

enum { REGION_SIZE = 32768, HEADER_SIZE = 48, WAL_INDEX_VERSION = 3007000 };

/* The mapping lasts while the connection is open: that much is the unix
   VFS's code (os_unix.c unmaps only when no connection of the process has
   the index open), so no other VFS is read. */
static int uses_unix_vfs(sqlite3 *db) {
    char *name = NULL;
    if (sqlite3_file_control(db, "main", SQLITE_FCNTL_VFSNAME, &name) != SQLITE_OK || name == NULL) {
        return 0;
    }
    int is_unix = strcmp(name, "unix") == 0;
    sqlite3_free(name);
    return is_unix;
}

/* The header's checksum, as SQLite's readers check it (wal.c,
   walChecksumBytes over the first 40 bytes, in the machine's byte order). */
static int checksum_matches(const unsigned char header[HEADER_SIZE]) {
    uint32_t words[HEADER_SIZE / 4];
    memcpy(words, header, HEADER_SIZE);
    uint32_t s1 = 0, s2 = 0;
    for (int i = 0; i < 10; i += 2) {
        s1 += words[i] + s2;
        s2 += words[i + 1] + s1;
    }
    return s1 == words[10] && s2 == words[11];
}

const volatile void *carefeed_wal_index(sqlite3 *db) {
    if (!uses_unix_vfs(db)) {
        return NULL;
    }
    sqlite3_file *file = NULL;
    if (sqlite3_file_control(db, "main", SQLITE_FCNTL_FILE_POINTER, &file) != SQLITE_OK || file == NULL
        || file->pMethods == NULL || file->pMethods->iVersion < 2 || file->pMethods->xShmMap == NULL) {
        return NULL;
    }
    void volatile *region = NULL;
    if (file->pMethods->xShmMap(file, 0, REGION_SIZE, 0, &region) != SQLITE_OK) {
        return NULL;
    }
    return region;
}

int carefeed_wal_header(const volatile void *index, unsigned char header[48]) {
    const volatile unsigned char *copies = index;
    unsigned char second[HEADER_SIZE];
    for (int i = 0; i < HEADER_SIZE; i++) {
        header[i] = copies[i];
    }
    __atomic_thread_fence(__ATOMIC_SEQ_CST);
    for (int i = 0; i < HEADER_SIZE; i++) {
        second[i] = copies[HEADER_SIZE + i];
    }
    uint32_t version;
    memcpy(&version, header, sizeof version);
    return memcmp(header, second, HEADER_SIZE) == 0 && version == WAL_INDEX_VERSION && header[12] == 1
        && checksum_matches(header);
}
