#ifndef EXPLORER_PLAIN_TEXT_H
#define EXPLORER_PLAIN_TEXT_H

#include <stddef.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/// How many of the `count` bytes at `bytes` are plain text of a JSON string: up to the first
/// quote, backslash, control character or byte past ASCII (or all of them). Sixteen bytes a
/// step where the processor has SSE2 (every x86-64 does), one at a time elsewhere.
static inline size_t explorer_plain_text_length(const unsigned char *bytes, size_t count) {
    size_t index = 0;
#if defined(__SSE2__)
    const __m128i quote = _mm_set1_epi8('"');
    const __m128i backslash = _mm_set1_epi8('\\');
    const __m128i space = _mm_set1_epi8(0x20);
    for (; index + 16 <= count; index += 16) {
        const __m128i block = _mm_loadu_si128((const __m128i *)(bytes + index));
        // As signed bytes, a control character and a byte past ASCII are both below a space.
        const __m128i stops = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(block, quote), _mm_cmpeq_epi8(block, backslash)),
                                           _mm_cmplt_epi8(block, space));
        const int mask = _mm_movemask_epi8(stops);
        if (mask != 0) return index + (size_t)__builtin_ctz((unsigned)mask);
    }
#endif
    for (; index < count; index++) {
        const unsigned char byte = bytes[index];
        if (byte == '"' || byte == '\\' || byte < 0x20 || byte >= 0x80) return index;
    }
    return index;
}

#endif
