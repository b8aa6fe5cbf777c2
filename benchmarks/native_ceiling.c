/* The native ceiling of equity's Hold'em lookup on random hands.
 *
 * The same seven-card tables and the same loop as equity's best_high_seven kernel
 * (sum seven card words, one row-offset load, one strength load, a flush check for the
 * few hands whose suit counts allow one), compiled by the C compiler, so that
 * benchmarks/native_ceiling.py can show how fast this design runs on the machine
 * without Numba.  A second loop reads each row's five board codes with one unaligned
 * 8-byte load and the two hole codes with one 2-byte load.
 *
 * Usage: native_ceiling DIR REPEATS -- DIR holds the tables and hands written by the
 * driver (raw little-endian arrays); prints one line per loop:
 * "<name> <best seconds> <rows that differ from DIR/expected.bin>".
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static void *read_all(const char *dir, const char *name, size_t *size) {
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *file = fopen(path, "rb");
    if (!file) { perror(path); exit(2); }
    fseek(file, 0, SEEK_END);
    *size = (size_t)ftell(file);
    fseek(file, 0, SEEK_SET);
    void *data = malloc(*size + 8);  /* 8 spare bytes: the packed loop reads past the last row */
    if (fread(data, 1, *size, file) != *size) { perror(path); exit(2); }
    fclose(file);
    return data;
}

static double seconds(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

typedef struct {
    const uint64_t *words, *suit_bits;
    const int32_t *offsets;
    const uint32_t *strengths, *flush_strengths;
    uint64_t flush_bias;
} tables;

static inline uint32_t with_flush(const tables *t, uint32_t value, uint64_t flags, uint64_t masks) {
    for (int suit = 0; suit < 4; suit++) {
        if ((flags >> (4 * suit + 3)) & 1) {
            uint32_t flush = t->flush_strengths[(masks >> (16 * suit)) & 0x1FFF];
            if (flush > value) value = flush;
        }
    }
    return value;
}

static inline uint32_t lookup(const tables *t, uint64_t total) {
    uint64_t key = total & 0xFFFFFFFFu;
    return t->strengths[key + (int64_t)t->offsets[key >> 11]];
}

static void bytewise(const tables *t, const uint8_t *hole, const uint8_t *board, size_t rows, uint32_t *out) {
    for (size_t i = 0; i < rows; i++) {
        const uint8_t *h = hole + 2 * i, *b = board + 5 * i;
        uint64_t total = t->words[h[0]] + t->words[h[1]] + t->words[b[0]] + t->words[b[1]]
                         + t->words[b[2]] + t->words[b[3]] + t->words[b[4]];
        uint32_t value = lookup(t, total);
        uint64_t flags = ((total >> 32) + t->flush_bias) & 0x8888;
        if (flags) {
            uint64_t masks = t->suit_bits[h[0]] | t->suit_bits[h[1]] | t->suit_bits[b[0]]
                             | t->suit_bits[b[1]] | t->suit_bits[b[2]] | t->suit_bits[b[3]]
                             | t->suit_bits[b[4]];
            value = with_flush(t, value, flags, masks);
        }
        out[i] = value;
    }
}

static void packed(const tables *t, const uint8_t *hole, const uint8_t *board, size_t rows, uint32_t *out) {
    for (size_t i = 0; i < rows; i++) {
        uint64_t b;
        uint16_t h;
        memcpy(&b, board + 5 * i, 8);
        memcpy(&h, hole + 2 * i, 2);
        const uint64_t *w = t->words, *m = t->suit_bits;
        uint64_t total = w[h & 255] + w[h >> 8] + w[b & 255] + w[(b >> 8) & 255]
                         + w[(b >> 16) & 255] + w[(b >> 24) & 255] + w[(b >> 32) & 255];
        uint32_t value = lookup(t, total);
        uint64_t flags = ((total >> 32) + t->flush_bias) & 0x8888;
        if (flags) {
            uint64_t masks = m[h & 255] | m[h >> 8] | m[b & 255] | m[(b >> 8) & 255]
                             | m[(b >> 16) & 255] | m[(b >> 24) & 255] | m[(b >> 32) & 255];
            value = with_flush(t, value, flags, masks);
        }
        out[i] = value;
    }
}

int main(int argc, char **argv) {
    if (argc != 3) { fprintf(stderr, "usage: %s DIR REPEATS\n", argv[0]); return 2; }
    const char *dir = argv[1];
    int repeats = atoi(argv[2]);
    size_t size;
    tables t;
    t.words = read_all(dir, "seven_words.bin", &size);
    t.suit_bits = read_all(dir, "suit_bits.bin", &size);
    t.offsets = read_all(dir, "seven_offsets.bin", &size);
    t.strengths = read_all(dir, "seven_strengths.bin", &size);
    t.flush_strengths = read_all(dir, "seven_flush_strengths.bin", &size);
    const uint64_t *bias = read_all(dir, "flush_bias.bin", &size);
    t.flush_bias = bias[0];
    const uint8_t *hole = read_all(dir, "hole.bin", &size);
    const uint8_t *board = read_all(dir, "board.bin", &size);
    const uint32_t *expected = read_all(dir, "expected.bin", &size);
    size_t rows = size / 4;
    uint32_t *out = malloc(rows * 4);
    void (*loops[2])(const tables *, const uint8_t *, const uint8_t *, size_t, uint32_t *) = {bytewise, packed};
    const char *names[2] = {"bytewise", "packed"};
    for (int l = 0; l < 2; l++) {
        double best = 1e30;
        for (int r = 0; r < repeats; r++) {
            double start = seconds();
            loops[l](&t, hole, board, rows, out);
            double elapsed = seconds() - start;
            if (elapsed < best) best = elapsed;
        }
        size_t differ = 0;
        for (size_t i = 0; i < rows; i++) differ += out[i] != expected[i];
        printf("%s %.9f %zu\n", names[l], best, differ);
    }
    return 0;
}
