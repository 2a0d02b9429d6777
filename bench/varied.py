#!/usr/bin/env python3
"""A script that uses explorer as a person exploring does: a visit to a feature is `use` and a
few commands with arguments drawn afresh each time (pages, rows, sort keys, search terms,
filters, favourites, `back`), then another feature; no command sequence repeats as a cycle.

    bench/varied.py COUNT [FEATURE]

prints COUNT commands over all six features, or over FEATURE alone (its slice: the same kinds
of visit, to that feature only). FEATURE `hidden-kind` is iTunes' slice with every search one
of the biggest answers (fifty results, the store's limit), most of whose bytes are what the list
does not show: the kind, prices, addresses of each result. Seeded, so every run of the bench
measures the same script.
"""
import random
import sys

ITUNES_TERMS = ["jack johnson", "blue", "love", "beyonce lemonade", "ヒカル", "garcia marquez", "rock",
                "guns n roses", "スピッツ", "night", "sun", "better together", "radiate", "아이유", "war"]
# The terms whose answers hold the most results (fifty, the limit) of the embedded store.
ITUNES_BIGGEST = ["jack johnson", "the", "a", "i", "you", "love", "me"]
MOVIEDB_WORDS = ["star", "the", "love", "war", "night", "man", "dark", "king", "lost", "blue", "sea"]


def starships(r):
    return r.choice([
        lambda: f"page {r.choice(['next', 'prev', str(r.randint(1, 4))])}",
        lambda: f"open {r.randint(1, 10)}",
        lambda: f"sort {r.choice(['length', 'crew', 'speed', 'cost', 'name'])}{r.choice(['', ' desc', ' asc'])}",
        lambda: "sort off",
        lambda: f"fav {r.randint(1, 10)}",
        lambda: "favs",
    ])()


def characters(r):
    return r.choice([
        lambda: f"open {r.randint(1, 82)}",
        lambda: f"filter {r.choice(['eye=blue', 'eye=brown', 'hair=brown', 'hair=black', 'gender=female', 'eye=yellow gender=male'])}",
        lambda: f"filter {r.choice(['', 'hair', 'skin', 'gender'])}".strip(),
        lambda: "filter clear",
        lambda: f"sort {r.choice(['name', 'height', 'mass', 'birth'])}{r.choice(['', ' desc'])}",
        lambda: f"fav {r.randint(1, 20)}",
    ])()


def itunes(r, terms=ITUNES_TERMS):
    return r.choice([
        lambda: f"search {r.choice(terms)}",
        lambda: f"search {r.choice(terms)}",
        lambda: f"page {r.choice(['next', 'prev', '1', '2'])}",
        lambda: f"open {r.randint(1, 10)}",
        lambda: f"fav {r.randint(1, 10)}",
    ])()


def moviedb(r):
    return r.choice([
        lambda: f"movies {r.choice(['popular', 'top', 'upcoming'])}",
        lambda: f"tv {r.choice(['popular', 'top'])}",
        lambda: "page 1",
        lambda: f"open {r.randint(1, 20)}",
        lambda: f"filter {r.choice(MOVIEDB_WORDS)}",
        lambda: "filter clear",
        lambda: f"search {r.choice(MOVIEDB_WORDS)}",
        lambda: f"fav {r.randint(1, 20)}",
    ])()


def facts(r):
    return r.choice([
        lambda: f"page {r.choice(['next', 'prev', '1', '2', '3'])}",
        lambda: f"open {r.randint(1, 10)}",
        lambda: f"fav {r.randint(1, 10)}",
        lambda: "favs",
    ])()


def races(r):
    return r.choice([
        lambda: f"filter {r.choice(['horse', 'greyhound', 'harness', 'horse greyhound', 'clear'])}",
        lambda: f"open {r.randint(1, 5)}",
        lambda: f"fav {r.randint(1, 5)}",
        lambda: "favs",
    ])()


FEATURES = {"starships": starships, "characters": characters, "itunes": itunes,
            "moviedb": moviedb, "facts": facts, "races": races}
# Slices of one feature with arguments of their own: the feature, and its commands.
VARIANTS = {"hidden-kind": ("itunes", lambda r: itunes(r, ITUNES_BIGGEST))}
# Now and then, what a person also types anywhere.
GLOBAL = ["features", "help", "help open", "favs all", "source", "format", "arch"]


def script(count, only=None, seed=7):
    r = random.Random(seed)
    lines = []
    names = [only] if only else list(FEATURES)
    while len(lines) < count:
        name, commands = VARIANTS.get(only) or (r.choice(names), None)
        commands = commands or FEATURES[name]
        lines.append(f"use {name}")
        on_detail = False
        for _ in range(r.randint(3, 9)):
            # `back` from a detail, as a person returns to the list (at the list it would leave
            # the feature, and what follows would be an error).
            if on_detail and r.random() < 0.6:
                lines.append("back")
                on_detail = False
                continue
            line = commands(r)
            lines.append(line)
            on_detail = line.startswith("open ") or (on_detail and line.startswith("fav "))
        if r.random() < 0.1:
            lines.append(r.choice(GLOBAL))
    return lines[:count]


if __name__ == "__main__":
    count = int(sys.argv[1])
    only = sys.argv[2] if len(sys.argv) > 2 else None
    if only is not None and only not in FEATURES and only not in VARIANTS:
        sys.exit(f"varied.py: no feature {only!r} (one of {', '.join([*FEATURES, *VARIANTS])})")
    print("\n".join(script(count, only)))
