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

const volatile void *carefeed_wal_index(sqlite3 *db) {
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
    return memcmp(header, second, HEADER_SIZE) == 0 && version == WAL_INDEX_VERSION && header[12] == 1;
}
