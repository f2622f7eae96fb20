/* Power-cut simulation for the fault suite (tools/fault_suite.py), loaded with LD_PRELOAD.
 *
 * A power cut loses every write the disk was not made to keep: what survives is each file as it was
 * at its last fsync/fdatasync. So after every successful fsync or fdatasync of a file whose path
 * starts with $POWERCUT_PREFIX, this library copies the whole file to "<path>.durable". After the
 * process is killed, the suite puts the .durable copies in place of the files (a file never synced
 * is lost entirely) and opens the save file as the companion would after the power came back.
 *
 * Deleting a file (SQLite deletes its rollback journal to commit) also deletes its copy: on ext4,
 * metadata changes reach the disk in order, so a deletion is kept once any later fsync returns.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The copy is written beside the old one and renamed over it only when whole: a kill -9 that lands
 * during the copy (after the real fsync returned) must leave the previous synced image, as the disk
 * would, not a half-written one. */
static void keep(int fd) {
    const char *prefix = getenv("POWERCUT_PREFIX");
    char link[64], path[PATH_MAX], target[PATH_MAX + 16], partial[PATH_MAX + 24], buffer[65536];
    if (!prefix) return;
    snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
    ssize_t n = readlink(link, path, sizeof path - 1);
    if (n <= 0) return;
    path[n] = 0;
    if (strncmp(path, prefix, strlen(prefix)) != 0) return;
    snprintf(target, sizeof target, "%s.durable", path);
    snprintf(partial, sizeof partial, "%s.durable.partial", path);
    int in = open(path, O_RDONLY), out = open(partial, O_WRONLY | O_CREAT | O_TRUNC, 0600);
    int whole = in >= 0 && out >= 0;
    if (whole) {
        ssize_t got;
        while ((got = read(in, buffer, sizeof buffer)) > 0) {
            if (write(out, buffer, (size_t)got) != got) {
                whole = 0;
                break;
            }
        }
        if (got < 0) whole = 0;
    }
    if (in >= 0) close(in);
    if (out >= 0) close(out);
    if (whole) rename(partial, target);
}

int fsync(int fd) {
    static int (*real)(int) = NULL;
    if (!real) real = (int (*)(int))dlsym(RTLD_NEXT, "fsync");
    int result = real(fd);
    if (result == 0) keep(fd);
    return result;
}

int fdatasync(int fd) {
    static int (*real)(int) = NULL;
    if (!real) real = (int (*)(int))dlsym(RTLD_NEXT, "fdatasync");
    int result = real(fd);
    if (result == 0) keep(fd);
    return result;
}

static void forget(const char *path) {
    const char *prefix = getenv("POWERCUT_PREFIX");
    char target[PATH_MAX + 16];
    if (!prefix || !path || strncmp(path, prefix, strlen(prefix)) != 0) return;
    snprintf(target, sizeof target, "%s.durable", path);
    static int (*real)(const char *) = NULL;
    if (!real) real = (int (*)(const char *))dlsym(RTLD_NEXT, "unlink");
    real(target);
}

int unlink(const char *path) {
    static int (*real)(const char *) = NULL;
    if (!real) real = (int (*)(const char *))dlsym(RTLD_NEXT, "unlink");
    int result = real(path);
    if (result == 0) forget(path);
    return result;
}
