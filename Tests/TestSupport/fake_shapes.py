#!/usr/bin/env python3
"""Loopback HTTP servers shaped like three public JSON APIs, for explorer's described features.

Standard library only. Listens on 127.0.0.1 on a free port and prints that port, alone, as the
first line of stdout (then flushes), so a test can start it and read where it is. Nothing else is
written to stdout or stderr; header values are never written anywhere.

Every record is made in memory at start from a fixed seed (SplitMix64, as TestSupport's
SplitMix64.swift): the same at every run, on every machine. URLs in answers point at this server
(`http://127.0.0.1:PORT`). Tests/TestSupport/described/*.json describe the three shapes.

  --shape pokeapi      `offset` paging, {name,url} rows whose details are fetched by URL.
    GET /api/v2/pokemon/?offset=O&limit=L  {"count": 53, "next": URL|null, "previous": URL|null,
                                           "results": [{"name", "url"}]}; limit 20 by default.
    GET /api/v2/pokemon/ID/                a detail (ID a number or a name): id, name, height,
                                           weight, base_experience (null for every tenth),
                                           types[].type.{name,url}, sprites.front_default (null
                                           for #13), species.{name,url}.
    GET /api/v2/type/?offset=O&limit=L     the 18 types, paged the same way.
    GET /api/v2/type/ID/                   {"id", "name", "generation": {"name", "url"},
                                           "pokemon": [{"pokemon": {"name", "url"}, "slot"}]}.
    GET /sprites/pokemon/ID.png            a 4x4 PNG.
    #7 is `flabébé`, #12 `missing\\u001b[31mno` (an ANSI escape, never reset), #25 `ピカチュウ`.

  --shape github       `link` paging through the Link header, a bare array, numeric ids.
    GET /repos/acme/widgets/issues?page=P&per_page=S   45 issues, newest (#45) first; per_page
                                           10 by default, at most 100; `state=open|closed|all`
                                           (all by default, unlike GitHub, whose default is open).
                                           Link: rel="prev", "next", "last", "first" as GitHub
                                           sends them (none for a list of one page).
    GET /repos/acme/widgets/issues/N       one issue: id (3000000000+N), number, title, state,
                                           user.{login,id}, labels[].name, comments, created_at,
                                           body (null for every sixth), html_url, url.
    #3's title has an emoji, #7's body an ANSI escape.

  --shape openlibrary  `page` paging with numFound, rows under `docs`, keys like /works/OL45W.
    GET /search.json?q=Q&page=P&limit=L    {"numFound", "num_found", "numFoundExact", "start",
                                           "q", "docs": [{"key", "title", "author_name",
                                           "first_publish_year" (missing for every seventh),
                                           "edition_count", "language"}]}: 37 works, limit 10 by
                                           default; q (optional) keeps titles holding it,
                                           case-insensitively (`river` finds 8, `the` 23).
    GET /works/OL45W.json                  {"key", "title", "description" (a string, or
                                           {"type": "/type/text", "value"}, missing for some),
                                           "subjects", "authors": [{"author": {"key"}}],
                                           "first_publish_date" (missing with the year), "type"}.
    Keys are /works/OL45W, /works/OL58W, … (45 + 13·i); /works/OL110W's title is Japanese.

  anything else: 404 with a JSON body shaped like that API's; a method other than GET: 405
  (listed by /requests too).

Faults, for the unhappy paths. PATTERN is a substring of the request target (path and query, as
sent, e.g. `offset=20` or `/issues/7`); repeatable, the first one given that applies wins:
  --fail PATTERN=STATUS   answer STATUS with a JSON error body (the API's shape).
  --hang PATTERN          accept the request and never answer (until the client hangs up).
  --garbage PATTERN       answer 200 (application/json) with a body that is not JSON.
  --after N               each fault applies only from its Nth matching request on (default 1:
                          from the first), so `--after 2` lets one good answer be cached first.

Hostile answers (all shapes unless said):
  --loop-next       the last page's next URL / Link rel="next" points back to page 1.
                    openlibrary (no URLs): every page past the last answers page 1's docs.
  --foreign-next    page 1's next URL / Link rel="next" is on http://other.invalid:PORT.
                    openlibrary: refused (its paging has no URL).
  --huge-link [N]   github: page 1's Link header has N entries (default 10,000: about 0.9 MB,
                    past explorer's 64 KB of headers; 600 stay under it): N-2 rel="alternate"
                    first, then next and last. pokeapi: page 1's next is an N-character URL (the
                    right one, padded). openlibrary: page 1's first key is N characters long.
  --items-object    the rows path holds an object: pokeapi's results and openlibrary's docs are
                    keyed by name/key; github answers {"total_count", "incomplete_results",
                    "items": [...]} (GitHub's search shape) instead of an array.
  --colliding-ids   page 1's second row has the first row's id (url / number and id / key).
  --absurd          count and numFound are 10^12; github's rel="last" is page 10^9.
  --dotdot-id       page 1's third row has `../` in its id: pokeapi's url is
                    /api/v2/pokemon/../../../requests/, github's number "../../../requests",
                    openlibrary's key /works/../../requests.
  --token T         requests without `Authorization: Bearer T` answer 401 (github:
                    {"message": "Bad credentials"}); the token is never echoed. Without --token,
                    any or no token is fine.

Bookkeeping:
  GET /requests     the requests received so far, oldest first, as a JSON array of
                    {"method", "target", "headers": [NAMES]}: header names only, never values.
                    It is not itself listed, and no option changes its answer.
  --log FILE        also append each request target, one a line, as fake_swapi.py's --log does.
  --max-seconds N   exit after N seconds whatever happens (default 120). It also exits when its
                    parent dies and when its stdin, if a pipe, reaches its end.
  --self-test       start each shape (and each hostile option) in this process on a free port,
                    check paging, totals, links and details with urllib, and that described/*.json
                    find rows, columns and details in them; print one line and exit 0 (1, with
                    what failed, otherwise).

Example: python3 fake_shapes.py --shape github --token s3cret --fail page=3=503 --after 2
"""

import argparse
import calendar
import hmac
import json
import os
import select
import socket
import stat
import struct
import sys
import threading
import time
import urllib.parse
import zlib
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

SHAPES = ("pokeapi", "github", "openlibrary")
FOREIGN_HOST = "other.invalid"
HUGE = 10_000
ABSURD_COUNT = 10 ** 12
ABSURD_LAST_PAGE = 10 ** 9


class SplitMix64:
    """The same numbers for the same seed on every machine and Python version."""

    def __init__(self, seed):
        self.state = seed & 0xFFFFFFFFFFFFFFFF

    def next(self):
        self.state = (self.state + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
        return z ^ (z >> 31)

    def below(self, bound):
        return self.next() % bound

    def between(self, low, high):
        """An integer in low...high."""
        return low + self.below(high - low + 1)

    def pick(self, values):
        return values[self.below(len(values))]


def png(red, green, blue, size=4):
    """A small solid PNG."""
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    rows = b"".join(b"\x00" + bytes((red, green, blue)) * size for _ in range(size))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b""))


def integer(query, name, default, low=None):
    """The query parameter `name` as an int (default when absent); None when it is no integer
    or below `low`."""
    values = query.get(name)
    if not values:
        return default
    try:
        value = int(values[0])
    except ValueError:
        return None
    if low is not None and value < low:
        return None
    return value


class Answer:
    def __init__(self, status, body, headers=None, content_type="application/json"):
        self.status = status
        self.body = body  # JSON-able, or bytes sent as they are
        self.headers = headers or []
        self.content_type = content_type


class Shape:
    """One API's records and routes; `origin` is http://127.0.0.1:PORT."""

    def __init__(self, origin, options):
        self.origin = origin
        self.foreign_origin = origin.replace("127.0.0.1", FOREIGN_HOST, 1)
        self.options = options

    def error(self, status, message):
        return Answer(status, {"detail": message})

    def unauthorized(self):
        return self.error(401, "Authentication credentials were not provided.")

    def not_found(self):
        return self.error(404, "Not found.")

    @staticmethod
    def padded(url, length):
        """`url` with a parameter added that makes it `length` characters long."""
        pad = "&pad=" if "?" in url else "?pad="
        return url + pad + "x" * max(0, length - len(url) - len(pad))


class PokeAPI(Shape):
    TYPES = ["normal", "fighting", "flying", "poison", "ground", "rock", "bug", "ghost", "steel",
             "fire", "water", "grass", "electric", "psychic", "ice", "dragon", "dark", "fairy"]
    STARTS = ["bulba", "ivy", "vena", "char", "squir", "warto", "flabébé", "cater", "meta", "butter",
              "wee", "missing\u001b[31mno", "kaku", "bee", "pid", "rat", "spear", "ek", "arb", "zap",
              "rai", "sand", "nido", "clef", "ピカチュウ", "vul", "jiggly", "zu", "odd", "glo",
              "vile", "para", "veno", "dig", "meo", "psy", "gold", "mank", "grow", "poli",
              "ab", "ka", "mach", "bell", "tenta", "geo", "gra", "pony", "slow", "magne",
              "far", "do", "see"]
    ENDS = ["saur", "mon", "zard", "tle", "pie", "drill", "ta", "chu", "shrew", "rina", "fairy", "pix",
            "puff", "bat", "ish", "loom", "sect", "noth", "tto", "duck", "chop", "lax", "pod", "zee"]
    WHOLE = {7, 12, 25}  # names kept as they are: the unicode and ANSI ones

    def __init__(self, origin, options):
        super().__init__(origin, options)
        random = SplitMix64(0x706F6B65)
        api = origin + "/api/v2"
        self.types = [{"id": number, "name": name} for number, name in enumerate(self.TYPES, start=1)]
        self.pokemon = []
        for number, start in enumerate(self.STARTS, start=1):
            name = start if number in self.WHOLE else start + random.pick(self.ENDS)
            kinds = [random.between(1, len(self.TYPES))]
            if random.below(5) < 2:
                second = random.between(1, len(self.TYPES))
                if second != kinds[0]:
                    kinds.append(second)
            self.pokemon.append({
                "id": number,
                "name": name,
                "height": random.between(1, 200),
                "weight": random.between(10, 5000),
                "base_experience": None if number % 10 == 0 else random.between(30, 300),
                "types": [{"slot": slot, "type": {"name": self.TYPES[kind - 1], "url": f"{api}/type/{kind}/"}}
                          for slot, kind in enumerate(kinds, start=1)],
                "sprites": {"front_default": None if number == 13 else f"{origin}/sprites/pokemon/{number}.png"},
                "species": {"name": name, "url": f"{api}/pokemon-species/{number}/"},
            })

    def route(self, path, query):
        parts = [part for part in path.split("/") if part]
        if parts[:2] == ["sprites", "pokemon"] and len(parts) == 3 and parts[2].endswith(".png"):
            number = parts[2][:-len(".png")]
            if number.isdigit() and 1 <= int(number) <= len(self.pokemon):
                random = SplitMix64(int(number))
                return Answer(200, png(random.below(256), random.below(256), random.below(256)),
                              content_type="image/png")
            return Answer(404, b"Not Found", content_type="text/plain")
        if parts[:2] != ["api", "v2"] or len(parts) not in (3, 4) or parts[2] not in ("pokemon", "type"):
            return self.not_found()
        kind = parts[2]
        if len(parts) == 3:
            rows = [{"name": record["name"], "url": self.url(kind, record["id"])}
                    for record in (self.pokemon if kind == "pokemon" else self.types)]
            return self.page(kind, rows, query)
        found = self.find(kind, urllib.parse.unquote(parts[3]))
        if found is None:
            return self.not_found()
        return Answer(200, found)

    def url(self, kind, number):
        return f"{self.origin}/api/v2/{kind}/{number}/"

    def find(self, kind, key):
        records = self.pokemon if kind == "pokemon" else self.types
        record = next((record for record in records if str(record["id"]) == key or record["name"] == key), None)
        if record is None or kind == "pokemon":
            return record
        return {
            "id": record["id"],
            "name": record["name"],
            "generation": {"name": "generation-i", "url": f"{self.origin}/api/v2/generation/1/"},
            "pokemon": [{"pokemon": {"name": pokemon["name"], "url": self.url("pokemon", pokemon["id"])},
                         "slot": entry["slot"]}
                        for pokemon in self.pokemon for entry in pokemon["types"]
                        if entry["type"]["name"] == record["name"]],
        }

    def page(self, kind, rows, query):
        offset = integer(query, "offset", 0, low=0)
        limit = integer(query, "limit", 20, low=1)
        if offset is None or limit is None:
            return self.error(400, "offset and limit must be whole numbers, limit at least 1.")
        options = self.options
        base = f"{self.origin}/api/v2/{kind}/"

        def link(start):
            return f"{base}?offset={start}&limit={limit}"

        chunk = [dict(row) for row in rows[offset:offset + limit]]
        following = link(offset + limit) if offset + limit < len(rows) else None
        if following is None and options.loop_next and chunk:
            following = link(0)
        if offset == 0 and following is not None:
            if options.foreign_next:
                following = following.replace(self.origin, self.foreign_origin, 1)
            if options.huge_link:
                following = self.padded(following, options.huge_link)
        if offset == 0:
            if options.colliding_ids and len(chunk) > 1:
                chunk[1]["url"] = chunk[0]["url"]
            if options.dotdot_id and len(chunk) > 2:
                chunk[2]["url"] = f"{self.origin}/api/v2/{kind}/../../../requests/"
        results = {row["name"]: row for row in chunk} if options.items_object else chunk
        return Answer(200, {
            "count": ABSURD_COUNT if options.absurd else len(rows),
            "next": following,
            "previous": link(max(0, offset - limit)) if offset > 0 else None,
            "results": results,
        })


class GitHub(Shape):
    REPOSITORY = "/repos/acme/widgets/issues"
    USERS = [("octocat", 583231), ("hubot", 480938), ("monalisa", 2154), ("defunkt", 2), ("mojombo", 1),
             ("tanuki", 9919), ("ferris", 24553)]
    LABELS = ["bug", "enhancement", "documentation", "good first issue", "question", "wontfix"]
    VERBS = ["Crash", "Fix", "Support", "Document", "Improve", "Remove", "Add", "Investigate"]
    OBJECTS = ["when the cache is empty", "widget resize on Linux", "dark mode", "the --verbose flag",
               "paging through long lists", "unicode file names", "retries on 503", "the settings page",
               "slow start-up", "keyboard shortcuts"]
    COUNT = 45

    def __init__(self, origin, options):
        super().__init__(origin, options)
        random = SplitMix64(0x676974687562)
        created = calendar.timegm((2024, 3, 1, 12, 0, 0, 0, 0, 0))
        self.issues = []
        titles = set()
        for number in range(1, self.COUNT + 1):
            login, user_id = random.pick(self.USERS)
            labels = sorted({random.pick(self.LABELS) for _ in range(random.below(3))})
            title = None
            while title is None or title in titles:  # distinct titles
                title = f"{random.pick(self.VERBS)} {random.pick(self.OBJECTS)}"
            titles.add(title)
            body = None if number % 6 == 0 else f"Steps to reproduce:\n1. Open the widget\n2. {title.lower()}\n\nExpected it to work."
            if number == 3:
                title = "🐛 widget crashes on émoji input"
            if number == 7:
                body = "The log shows \u001b[2J\u001b[31mERROR\u001b[0m before it stops."
            moment = time.gmtime(created + (number - 1) * (13 * 3600 + 7 * 60))
            self.issues.append({
                "id": 3_000_000_000 + number,
                "number": number,
                "title": title,
                "state": "closed" if random.below(3) == 0 else "open",
                "user": {"login": login, "id": user_id},
                "labels": [{"name": label} for label in labels],
                "comments": random.between(0, 30),
                "created_at": time.strftime("%Y-%m-%dT%H:%M:%SZ", moment),
                "body": body,
                "html_url": f"https://github.com/acme/widgets/issues/{number}",
                "url": f"{origin}{self.REPOSITORY}/{number}",
            })
        self.issues.reverse()  # newest first, as GitHub lists them

    def error(self, status, message):
        return Answer(status, {"message": message})

    def unauthorized(self):
        return self.error(401, "Bad credentials")

    def not_found(self):
        return self.error(404, "Not Found")

    def route(self, path, query):
        if path.rstrip("/") == self.REPOSITORY:
            return self.page(query)
        if path.startswith(self.REPOSITORY + "/"):
            number = path[len(self.REPOSITORY) + 1:]
            issue = next((issue for issue in self.issues if str(issue["number"]) == number), None)
            return Answer(200, issue) if issue is not None else self.not_found()
        return self.not_found()

    def page(self, query):
        options = self.options
        number = integer(query, "page", 1) or 1
        size = integer(query, "per_page", 10) or 10
        number, size = max(1, number), min(max(1, size), 100)
        state = query.get("state", ["all"])[0]
        if state not in ("open", "closed", "all"):
            return Answer(422, {"message": "Validation Failed",
                                "errors": [{"resource": "Issue", "field": "state", "code": "invalid"}]})
        issues = [issue for issue in self.issues if state == "all" or issue["state"] == state]
        rows = [dict(issue) for issue in issues[(number - 1) * size:number * size]]
        last = max(1, -(-len(issues) // size))
        others = [(name, value) for name, values in query.items() if name not in ("page", "per_page")
                  for value in values]

        def link(page):
            return f"{self.origin}{self.REPOSITORY}?" + urllib.parse.urlencode([("page", page), ("per_page", size)] + others)

        links = []
        if number > 1:
            links.append((link(number - 1), "prev"))
        if number < last:
            following = link(number + 1)
            if number == 1 and options.foreign_next:
                following = following.replace(self.origin, self.foreign_origin, 1)
            links.append((following, "next"))
        elif options.loop_next and rows:
            links.append((link(1), "next"))
        if options.absurd:
            links.append((link(ABSURD_LAST_PAGE), "last"))
        elif number != last:
            links.append((link(last), "last"))
        if number > 1:
            links.append((link(1), "first"))
        if number == 1 and options.huge_link:
            filler = [(link(page), "alternate") for page in range(2, options.huge_link - len(links) + 2)]
            links = filler + links
        if number == 1:
            if options.colliding_ids and len(rows) > 1:
                rows[1]["number"], rows[1]["id"] = rows[0]["number"], rows[0]["id"]
            if options.dotdot_id and len(rows) > 2:
                rows[2]["number"] = "../../../requests"
        headers = [("Link", ", ".join(f'<{url}>; rel="{rel}"' for url, rel in links))] if links else []
        if options.items_object:
            return Answer(200, {"total_count": len(issues), "incomplete_results": False, "items": rows}, headers)
        return Answer(200, rows, headers)


class OpenLibrary(Shape):
    ADJECTIVES = ["Silent", "Golden", "Hidden", "Last", "Northern", "Broken", "Quiet", "Distant"]
    NOUNS = ["River", "Garden", "Lighthouse", "Orchard", "Winter", "Glass", "Harbour", "Mountain"]
    AUTHORS = ["Ursula K. Le Guin", "J. R. R. Tolkien", "Toni Morrison", "Italo Calvino", "Chinua Achebe",
               "Wisława Szymborska", "Haruki Murakami", "Jorge Luis Borges"]
    SUBJECTS = ["Fiction", "Rivers", "Gardens", "History", "Poetry", "Translations into English", "Fantasy"]
    MONTHS = ["January", "March", "June", "October"]
    COUNT = 37

    def __init__(self, origin, options):
        super().__init__(origin, options)
        random = SplitMix64(0x6F6C6962)
        self.works = []
        titles = set()
        for index in range(self.COUNT):
            title, noun = ("川のほとり (Beside the River)", "River") if index == 5 else (None, None)
            while title is None or title in titles:  # distinct titles
                noun, other = random.pick(self.NOUNS), random.pick(self.NOUNS)
                adjective = random.pick(self.ADJECTIVES)
                title = [f"The {adjective} {noun}", f"A History of {noun}es" if noun.endswith("s") else f"A History of {noun}s", f"{noun} and {other}" if other != noun else None,
                         f"Under the {adjective} {noun}", f"{adjective} {noun}"][random.below(5)]
            titles.add(title)
            authors = sorted({random.below(len(self.AUTHORS)) for _ in range(1 + random.below(2))})
            year = None if index % 7 == 6 else random.between(1900, 2020)
            text = f"A novel of the {noun.lower()} and the people beside it.\n\nFirst told in {year or 'an unknown year'}."
            description = None if index % 11 == 10 else (text if index % 2 == 0 else {"type": "/type/text", "value": text})
            self.works.append({
                "key": f"/works/OL{45 + 13 * index}W",
                "title": title,
                "authors": authors,
                "year": year,
                "edition_count": random.between(1, 120),
                "language": [["eng"], ["eng", "fre"], ["jpn"], ["eng"]][random.below(4)],
                "description": description,
                "subjects": sorted({random.pick(self.SUBJECTS) for _ in range(1 + random.below(4))}),
                "date": None if year is None else (str(year) if index % 3 else f"{random.pick(self.MONTHS)} {random.between(1, 28)}, {year}"),
            })

    def error(self, status, message):
        return Answer(status, {"error": message})

    def unauthorized(self):
        return self.error(401, "unauthorized")

    def not_found(self):
        return self.error(404, "notfound")

    def route(self, path, query):
        if path == "/search.json":
            return self.page(query)
        if path.startswith("/works/") and path.endswith(".json"):
            key = path[:-len(".json")]
            work = next((work for work in self.works if work["key"] == key), None)
            return Answer(200, self.detail(work)) if work is not None else self.not_found()
        return self.not_found()

    def row(self, work):
        row = {"key": work["key"], "title": work["title"], "author_name": [self.AUTHORS[a] for a in work["authors"]]}
        if work["year"] is not None:
            row["first_publish_year"] = work["year"]
        row["edition_count"] = work["edition_count"]
        row["language"] = work["language"]
        return row

    def detail(self, work):
        record = {"key": work["key"], "title": work["title"]}
        if work["description"] is not None:
            record["description"] = work["description"]
        record["subjects"] = work["subjects"]
        record["authors"] = [{"author": {"key": f"/authors/OL{a + 1}A"}, "type": {"key": "/type/author_role"}}
                             for a in work["authors"]]
        if work["date"] is not None:
            record["first_publish_date"] = work["date"]
        record["type"] = {"key": "/type/work"}
        return record

    def page(self, query):
        options = self.options
        number = integer(query, "page", 1, low=1)
        size = integer(query, "limit", 10, low=1)
        if number is None or size is None:
            return self.error(400, "page and limit must be whole numbers from 1")
        size = min(size, 1000)
        words = query.get("q", [""])[0]
        works = [work for work in self.works if words.casefold() in work["title"].casefold()]
        start = (number - 1) * size
        chunk = works[start:start + size]
        if not chunk and options.loop_next and works:
            chunk = works[:size]
        rows = [self.row(work) for work in chunk]
        if number == 1:
            if options.huge_link and rows:
                rows[0]["key"] = "/works/OL" + "1" * max(1, options.huge_link - len("/works/OL") - 1) + "W"
            if options.colliding_ids and len(rows) > 1:
                rows[1]["key"] = rows[0]["key"]
            if options.dotdot_id and len(rows) > 2:
                rows[2]["key"] = "/works/../../requests"
        found = ABSURD_COUNT if options.absurd else len(works)
        return Answer(200, {
            "numFound": found,
            "start": start,
            "numFoundExact": True,
            "num_found": found,
            "q": words,
            "docs": {row["key"]: row for row in rows} if options.items_object else rows,
        })


SHAPE_TYPES = {"pokeapi": PokeAPI, "github": GitHub, "openlibrary": OpenLibrary}


class Fault:
    """--fail, --hang or --garbage for targets holding `pattern`."""

    def __init__(self, kind, pattern, status=None):
        self.kind = kind
        self.pattern = pattern
        self.status = status
        self.seen = 0

    def applies(self, target, after):
        """Counts a matching request and says whether the fault answers it (under the server's lock)."""
        if self.pattern not in target:
            return False
        self.seen += 1
        return self.seen >= after


class FaultAction(argparse.Action):
    """Keeps --fail, --hang and --garbage in one list, in the order given."""

    def __call__(self, parser, namespace, value, option_string=None):
        kind = option_string.lstrip("-")
        if kind == "fail":
            pattern, equals, status = value.rpartition("=")
            if not equals or not pattern or not status.isdigit() or not 100 <= int(status) <= 599:
                parser.error(f"--fail: expected PATTERN=STATUS (STATUS 100…599), not {value!r}")
            fault = Fault(kind, pattern, int(status))
        else:
            if not value:
                parser.error(f"{option_string}: expected a PATTERN")
            fault = Fault(kind, value)
        namespace.faults = (namespace.faults or []) + [fault]


class FakeShapes(ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True
    # The default listen backlog of 5 drops some of many simultaneous connects, and the client's
    # retransmission then costs a whole second.
    request_queue_size = 128

    def __init__(self, options):
        super().__init__(("127.0.0.1", 0), Handler)
        self.options = options
        self.origin = f"http://127.0.0.1:{self.server_address[1]}"
        self.shape = SHAPE_TYPES[options.shape](self.origin, options)
        self.lock = threading.Lock()
        self.received = []
        self.stopping = threading.Event()
        self.log_file = open(options.log, "a", encoding="utf-8") if options.log else None

    def handle_error(self, request, client_address):
        """A client that hangs up early is not worth a traceback."""
        if isinstance(sys.exc_info()[1], (ConnectionError, TimeoutError)):
            return
        super().handle_error(request, client_address)

    def record(self, method, target, header_names):
        with self.lock:
            self.received.append({"method": method, "target": target, "headers": header_names})
            if self.log_file is not None:
                self.log_file.write(target + "\n")
                self.log_file.flush()

    def fault_for(self, target):
        with self.lock:
            return next((fault for fault in self.options.faults if fault.applies(target, self.options.after)), None)


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    disable_nagle_algorithm = True  # or every small answer waits ~40 ms for the client's ACK
    server_version = "fake_shapes/1"

    def log_message(self, format, *args):  # quiet: stdout carries only the port, and no header values
        pass

    def do_GET(self):
        server = self.server
        target = self.path
        parsed = urllib.parse.urlsplit(target)
        if parsed.path == "/requests":
            with server.lock:
                received = list(server.received)
            self.send(Answer(200, received))
            return
        server.record("GET", target, list(self.headers.keys()))
        shape = server.shape
        token = server.options.token
        if token is not None and not hmac.compare_digest(self.headers.get("Authorization", "").encode("utf-8"),
                                                          f"Bearer {token}".encode("utf-8")):
            self.send(shape.unauthorized())
            return
        fault = server.fault_for(target)
        if fault is not None and fault.kind == "hang":
            self.hang()
            return
        if fault is not None and fault.kind == "garbage":
            self.send(Answer(200, b"\x00\xffthis is not JSON {\"results\": [<html>\n"))
            return
        if fault is not None:
            self.send(shape.error(fault.status, f"fake_shapes: failing with {fault.status} as asked"))
            return
        query = urllib.parse.parse_qs(parsed.query, keep_blank_values=True)
        self.send(shape.route(parsed.path, query))

    def refuse(self):
        """Any method but GET: logged, then 405 (the connection closed, as a body may follow)."""
        self.server.record(self.command, self.path, list(self.headers.keys()))
        self.close_connection = True
        self.send(self.server.shape.error(405, "Method not allowed"), close=True)

    do_HEAD = do_POST = do_PUT = do_PATCH = do_DELETE = do_OPTIONS = refuse

    def hang(self):
        """Never answers; ends when the client hangs up or the server stops."""
        while not self.server.stopping.wait(0.05):
            try:
                readable, _, _ = select.select([self.connection], [], [], 0)
                if readable and self.connection.recv(1, socket.MSG_PEEK) == b"":
                    break
            except OSError:
                break
        self.close_connection = True

    def send(self, answer, close=False):
        if isinstance(answer.body, bytes):
            data = answer.body
        else:
            data = json.dumps(answer.body, ensure_ascii=False).encode("utf-8")
        if answer.status in (204, 304) or answer.status < 200 or self.command == "HEAD":
            data = b""
        self.send_response(answer.status)
        self.send_header("Content-Type", answer.content_type + ("; charset=utf-8" if answer.content_type == "application/json" else ""))
        self.send_header("Content-Length", str(len(data)))
        for name, value in answer.headers:
            self.send_header(name, value)
        if close:
            self.send_header("Connection", "close")
        self.end_headers()
        self.wfile.write(data)
        self.wfile.flush()


def watch_for_orphaning():
    """Exits when the parent dies (we get re-parented) or stdin, if a pipe, reaches its end."""
    parent = os.getppid()

    def poll_parent():
        while True:
            if os.getppid() != parent:
                os._exit(0)
            time.sleep(0.2)

    threading.Thread(target=poll_parent, daemon=True).start()
    try:
        is_pipe = stat.S_ISFIFO(os.fstat(sys.stdin.fileno()).st_mode)
    except (OSError, ValueError):
        is_pipe = False
    if is_pipe:
        def read_until_end():
            try:
                while sys.stdin.buffer.read(4096):
                    pass
            except OSError:
                pass
            os._exit(0)

        threading.Thread(target=read_until_end, daemon=True).start()


def parse(arguments):
    parser = argparse.ArgumentParser(
        description="Loopback HTTP servers shaped like PokeAPI, GitHub's issues and Open Library's search, for tests.",
        epilog="See the top of this file for what each shape serves and each option does.")
    parser.add_argument("--shape", choices=SHAPES)
    parser.add_argument("--fail", action=FaultAction, dest="faults", metavar="PATTERN=STATUS")
    parser.add_argument("--hang", action=FaultAction, dest="faults", metavar="PATTERN")
    parser.add_argument("--garbage", action=FaultAction, dest="faults", metavar="PATTERN")
    parser.add_argument("--after", type=int, default=1, metavar="N")
    parser.add_argument("--loop-next", action="store_true")
    parser.add_argument("--foreign-next", action="store_true")
    parser.add_argument("--huge-link", type=int, nargs="?", const=HUGE, default=None, metavar="N")
    parser.add_argument("--items-object", action="store_true")
    parser.add_argument("--colliding-ids", action="store_true")
    parser.add_argument("--absurd", action="store_true")
    parser.add_argument("--dotdot-id", action="store_true")
    parser.add_argument("--token", metavar="T")
    parser.add_argument("--log", metavar="FILE")
    parser.add_argument("--max-seconds", type=float, default=120, metavar="N")
    parser.add_argument("--self-test", action="store_true")
    options = parser.parse_args(arguments)
    options.faults = options.faults or []
    if options.self_test:
        return options
    if options.shape is None:
        parser.error("--shape is required (pokeapi, github or openlibrary)")
    if options.huge_link is not None and options.huge_link < 3:
        parser.error("--huge-link: N is at least 3")
    if options.after < 1:
        parser.error("--after: N counts matching requests from 1")
    if options.token is not None and not options.token:
        parser.error("--token: expected a token")
    if options.shape == "openlibrary" and options.foreign_next:
        parser.error("--foreign-next: openlibrary pages by number and sends no URL to point elsewhere")
    return options


# Self-test


class Check:
    def __init__(self):
        self.failures = []
        self.count = 0

    def __call__(self, condition, what):
        self.count += 1
        if not condition:
            self.failures.append(what)


class Running:
    """A server of this file in a thread of this process, for the self-test."""

    def __init__(self, *arguments):
        self.server = FakeShapes(parse(list(arguments)))
        self.origin = self.server.origin
        self.thread = threading.Thread(target=self.server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
        self.thread.start()

    def get(self, target, headers=None):
        """(status, headers, parsed JSON or the bytes when they are not JSON)."""
        import urllib.request
        import urllib.error
        request = urllib.request.Request(target if target.startswith("http") else self.origin + target,
                                         headers=headers or {})
        try:
            with urllib.request.urlopen(request, timeout=10) as response:
                status, answer_headers, data = response.status, response.headers, response.read()
        except urllib.error.HTTPError as error:
            status, answer_headers, data = error.code, error.headers, error.read()
        try:
            return status, answer_headers, json.loads(data)
        except ValueError:
            return status, answer_headers, data

    def requests(self):
        return self.get("/requests")[2]

    def raw_headers(self, target):
        """The answer's header block, read over a plain socket: urllib refuses header lines over 64 KiB."""
        with socket.create_connection(("127.0.0.1", self.server.server_address[1]), timeout=10) as connection:
            connection.sendall(f"GET {target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".encode())
            data = b""
            while b"\r\n\r\n" not in data:
                more = connection.recv(65536)
                if not more:
                    break
                data += more
        return data.partition(b"\r\n\r\n")[0].decode("utf-8")

    def __enter__(self):
        return self

    def __exit__(self, *exception):
        self.server.stopping.set()
        self.server.shutdown()
        self.server.server_close()


def links(header):
    """{rel: url} of a Link header."""
    found = {}
    for part in (header or "").split(", <"):
        url, _, rel = part.partition(">; rel=")
        found[rel.strip('"')] = url.lstrip("<")
    return found


def walk(value, path):
    """The value at a described feature's dotted path (`a.b`, `a[].b`, `$`), or None."""
    if path == "$":
        return value
    for index, key in enumerate(path.split(".")):
        each = key.endswith("[]")
        key = key[:-2] if each else key
        value = value.get(key) if isinstance(value, dict) else None
        if each:
            rest = ".".join(path.split(".")[index + 1:])
            return [walk(item, rest) if rest else item for item in value] if isinstance(value, list) else None
    return value


def check_descriptions(check):
    """described/*.json against the shape they describe: the list's first page has rows at
    `items`, every column's field is in a row, and a row's detail is found from its id."""
    folder = os.path.join(os.path.dirname(os.path.abspath(__file__)), "described")
    for shape in SHAPES:
        with open(os.path.join(folder, shape + ".json"), encoding="utf-8") as file:
            text = file.read()
        with Running("--shape", shape) as server:
            plugins = json.loads(text.replace("http://127.0.0.1:PORT", server.origin))
            for feature in plugins["features"]:
                what = f"described/{shape}.json {feature['id']}"
                describe = feature["describe"]
                listing, paging = describe["list"], describe["list"]["paging"]
                params = dict(listing.get("params", {}))
                if paging["type"] == "offset":
                    params.update({paging["offsetParam"]: 0, paging["limitParam"]: paging["limit"]})
                elif paging["type"] == "page":
                    params.update({paging["param"]: paging.get("start", 1), paging["sizeParam"]: paging["size"]})
                status, headers, body = server.get(feature["baseURL"] + listing["path"] + "?" + urllib.parse.urlencode(params))
                rows = walk(body, listing["items"])
                check(status == 200 and isinstance(rows, list) and rows, f"{what}: rows at {listing['items']}")
                if paging.get("total"):
                    check(isinstance(walk(body, paging["total"]), int), f"{what}: a total at {paging['total']}")
                if paging["type"] == "link":
                    check("next" in links(headers.get("Link")), f"{what}: a Link rel=next")
                fields = {field["name"]: field for field in describe["fields"]}
                check(all(name in fields for name in describe["columns"] + describe.get("sort", [])), f"{what}: columns and sort are fields")
                for name in describe["columns"]:
                    check(walk(rows[0], fields[name]["path"]) is not None, f"{what}: column {name} in a row")
                value = walk(rows[0], describe["id"]["field"])
                identifier = str(value).rstrip("/").rsplit("/", 1)[-1] if describe["id"].get("take") == "lastPathSegment" else str(value)
                detail = describe.get("detail", {})
                url = value if detail.get("from") == "url" else feature["baseURL"] + detail["path"].replace("{id}", identifier)
                status, _, record = server.get(url)
                check(status == 200 and walk(record, describe["name"]) == walk(rows[0], describe["name"]), f"{what}: detail of a row")
                for field in describe["fields"]:
                    check(walk(record, field["path"]) is not None or not field.get("detailOnly"), f"{what}: {field['name']} in a detail")


def self_test():
    check = Check()

    with Running("--shape", "pokeapi") as server:
        o = server.origin
        status, _, page1 = server.get("/api/v2/pokemon/?offset=0&limit=20")
        check(status == 200 and page1["count"] == 53 and len(page1["results"]) == 20, "pokeapi page 1")
        check(page1["next"] == f"{o}/api/v2/pokemon/?offset=20&limit=20" and page1["previous"] is None, "pokeapi page 1 links")
        page2 = server.get(page1["next"])[2]
        check(len(page2["results"]) == 20 and page2["previous"] == f"{o}/api/v2/pokemon/?offset=0&limit=20", "pokeapi page 2")
        page3 = server.get(page2["next"])[2]
        check(len(page3["results"]) == 13 and page3["next"] is None, "pokeapi page 3 is short and last")
        check(server.get("/api/v2/pokemon/")[2] == page1, "pokeapi: offset 0, limit 20 by default")
        names = [row["name"] for row in page1["results"] + page2["results"] + page3["results"]]
        check(len(set(names)) == 53 and "flabébé" in names and "ピカチュウ" in names and "missing\u001b[31mno" in names,
              "pokeapi names: distinct, unicode, ANSI")
        detail = server.get(page1["results"][0]["url"])[2]
        check(detail["id"] == 1 and detail["name"] == names[0] and detail["types"] and detail["species"]["name"] == names[0],
              "pokeapi detail by URL")
        check(server.get(f"/api/v2/pokemon/{urllib.parse.quote(names[0])}/")[2] == detail, "pokeapi detail by name")
        kind = server.get(detail["types"][0]["type"]["url"])[2]
        check(page1["results"][0]["url"] in [entry["pokemon"]["url"] for entry in kind["pokemon"]], "pokeapi type lists its pokemon")
        types = server.get("/api/v2/type/")[2]
        check(types["count"] == 18 and types["next"] is None and types["results"][11]["name"] == "grass", "pokeapi types list")
        status, headers, image = server.get(detail["sprites"]["front_default"])
        check(status == 200 and headers["Content-Type"] == "image/png" and image.startswith(b"\x89PNG"), "pokeapi sprite")
        check(server.get("/api/v2/pokemon/999/")[0] == 404 and server.get("/api/v2/berry/")[0] == 404, "pokeapi 404s")
        check(server.get("/api/v2/pokemon/?limit=x")[0] == 400, "pokeapi 400 on a bad limit")
        check(server.requests()[0] == {"method": "GET", "target": "/api/v2/pokemon/?offset=0&limit=20",
                                       "headers": ["Accept-Encoding", "Host", "User-Agent", "Connection"]}, "pokeapi /requests")

    with Running("--shape", "github") as server:
        o = server.origin + GitHub.REPOSITORY
        status, headers, page1 = server.get(GitHub.REPOSITORY)
        check(status == 200 and isinstance(page1, list) and len(page1) == 10 and page1[0]["number"] == 45, "github page 1")
        check(links(headers["Link"]) == {"next": f"{o}?page=2&per_page=10", "last": f"{o}?page=5&per_page=10"}, "github page 1 Link")
        status, headers, page2 = server.get(links(headers["Link"])["next"])
        check(links(headers["Link"]) == {"prev": f"{o}?page=1&per_page=10", "next": f"{o}?page=3&per_page=10",
                                         "last": f"{o}?page=5&per_page=10", "first": f"{o}?page=1&per_page=10"}, "github page 2 Link")
        page3 = server.get(links(headers["Link"])["next"])[2]
        check([issue["number"] for issue in page2 + page3] == list(range(35, 15, -1)), "github pages 2 and 3")
        status, headers, page5 = server.get(GitHub.REPOSITORY + "?page=5&per_page=10")
        check(len(page5) == 5 and set(links(headers["Link"])) == {"prev", "first"}, "github last page")
        status, headers, _ = server.get(GitHub.REPOSITORY + "?per_page=100")
        check("Link" not in headers, "github: no Link for a list of one page")
        status, headers, closed = server.get(GitHub.REPOSITORY + "?state=closed&per_page=5")
        check(closed and all(issue["state"] == "closed" for issue in closed) and "state=closed" in headers["Link"], "github state")
        issue = server.get(GitHub.REPOSITORY + "/7")[2]
        check(issue["number"] == 7 and issue["id"] == 3_000_000_007 and "user" in issue and "\u001b" in issue["body"], "github detail")
        check(server.get(GitHub.REPOSITORY + "/46")[2] == {"message": "Not Found"}, "github 404")

    with Running("--shape", "github", "--token", "s3cret-token") as server:
        status, headers, body = server.get(GitHub.REPOSITORY)
        check(status == 401 and body == {"message": "Bad credentials"}, "github: no token, 401")
        status, headers, body = server.get(GitHub.REPOSITORY, {"Authorization": "Bearer wrong"})
        check(status == 401, "github: a wrong token, 401")
        status, headers, body = server.get(GitHub.REPOSITORY, {"Authorization": "Bearer s3cret-token"})
        check(status == 200 and len(body) == 10 and "s3cret" not in str(headers), "github: the token, 200")
        log = json.dumps(server.requests())
        check("Authorization" in log and "s3cret" not in log and "wrong" not in log, "github: /requests names headers, no values")

    with Running("--shape", "openlibrary") as server:
        page1 = server.get("/search.json")[2]
        check(page1["numFound"] == 37 and page1["start"] == 0 and len(page1["docs"]) == 10, "openlibrary page 1")
        check(page1["docs"][0]["key"] == "/works/OL45W", "openlibrary's first key")
        page2, page3 = server.get("/search.json?page=2")[2], server.get("/search.json?page=3&limit=10")[2]
        page4 = server.get("/search.json?page=4")[2]
        check(page2["start"] == 10 and page3["start"] == 20 and len(page4["docs"]) == 7, "openlibrary pages 2 to 4")
        keys = [doc["key"] for doc in page1["docs"] + page2["docs"] + page3["docs"] + page4["docs"]]
        check(len(set(keys)) == 37, "openlibrary keys are distinct")
        check(server.get("/search.json?page=5")[2]["docs"] == [], "openlibrary: past the last page, no docs")
        work = server.get("/works/OL45W.json")[2]
        check(work["key"] == "/works/OL45W" and work["authors"][0]["author"]["key"].startswith("/authors/OL"), "openlibrary detail")
        descriptions = [server.get(key + ".json")[2].get("description") for key in keys]
        check(any(isinstance(d, str) for d in descriptions) and any(isinstance(d, dict) for d in descriptions)
              and None in descriptions, "openlibrary descriptions: text, object, missing")
        rivers = server.get("/search.json?q=RIVER")[2]
        check(rivers["numFound"] == 8 and all("river" in doc["title"].lower() for doc in rivers["docs"]), "openlibrary q")
        the = server.get("/search.json?q=the&page=3")[2]
        check(the["numFound"] == 23 and len(the["docs"]) == 3, "openlibrary q pages")
        check(server.get("/works/OL46W.json")[0] == 404 and server.get("/search.json?page=0")[0] == 400, "openlibrary 404, 400")

    # Hostile answers.
    with Running("--shape", "pokeapi", "--loop-next", "--absurd") as server:
        last = server.get("/api/v2/pokemon/?offset=40&limit=20")[2]
        check(last["next"] == f"{server.origin}/api/v2/pokemon/?offset=0&limit=20" and last["count"] == 10 ** 12, "pokeapi loop, absurd")
    with Running("--shape", "pokeapi", "--foreign-next", "--colliding-ids", "--items-object", "--dotdot-id") as server:
        page1 = server.get("/api/v2/pokemon/")[2]
        rows = list(page1["results"].values())
        check(page1["next"].startswith(f"http://{FOREIGN_HOST}:") and isinstance(page1["results"], dict), "pokeapi foreign, object")
        check(rows[0]["url"] == rows[1]["url"] and "/../" in rows[2]["url"], "pokeapi colliding, dotdot")
    with Running("--shape", "pokeapi", "--huge-link") as server:
        page1 = server.get("/api/v2/pokemon/")[2]
        check(len(page1["next"]) == HUGE and len(server.get(page1["next"])[2]["results"]) == 20, "pokeapi huge next")
    with Running("--shape", "github", "--huge-link", "--loop-next") as server:
        header = next(line for line in server.raw_headers(GitHub.REPOSITORY).split("\r\n") if line.startswith("Link: "))
        check(header.count("rel=") == HUGE and len(header) > 800_000 and links(header[len("Link: "):])["next"].endswith("?page=2&per_page=10"), "github huge Link")
        status, headers, _ = server.get(GitHub.REPOSITORY + "?page=5")
        check(links(headers["Link"])["next"].endswith("?page=1&per_page=10"), "github loop")
    with Running("--shape", "github", "--huge-link", "600") as server:
        status, headers, _ = server.get(GitHub.REPOSITORY)
        check(headers["Link"].count("rel=") == 600 and len(headers["Link"]) < 64_000, "github --huge-link 600 stays under 64 KB")
    with Running("--shape", "github", "--foreign-next", "--absurd", "--colliding-ids", "--items-object", "--dotdot-id") as server:
        status, headers, body = server.get(GitHub.REPOSITORY)
        found = links(headers["Link"])
        check(found["next"].startswith(f"http://{FOREIGN_HOST}:") and found["last"].endswith(f"?page={10 ** 9}&per_page=10"),
              "github foreign, absurd")
        rows = body["items"]
        check(rows[0]["number"] == rows[1]["number"] and rows[2]["number"] == "../../../requests", "github object, colliding, dotdot")
    with Running("--shape", "openlibrary", "--loop-next", "--absurd", "--huge-link") as server:
        page1 = server.get("/search.json")[2]
        check(page1["numFound"] == 10 ** 12 and len(page1["docs"][0]["key"]) == HUGE, "openlibrary absurd, huge key")
        check(server.get("/search.json?page=9")[2]["docs"][1:] == page1["docs"][1:], "openlibrary wraps past the last page")
    with Running("--shape", "openlibrary", "--colliding-ids", "--items-object", "--dotdot-id") as server:
        docs = server.get("/search.json")[2]["docs"]
        check(isinstance(docs, dict) and len(docs) == 9 and "/works/../../requests" in docs, "openlibrary object, colliding, dotdot")

    # Faults.
    with Running("--shape", "openlibrary", "--fail", "page=2=503", "--garbage", "OL45W", "--hang", "page=4", "--after", "2") as server:
        check(server.get("/search.json?page=2")[0] == 200, "--after 2: the first matching request is answered well")
        status, _, body = server.get("/search.json?page=2")
        check(status == 503 and body == {"error": "fake_shapes: failing with 503 as asked"}, "--fail from the second on")
        check(isinstance(server.get("/works/OL45W.json")[2], dict), "--garbage waits for the second too")
        status, _, body = server.get("/works/OL45W.json")
        check(status == 200 and isinstance(body, bytes), "--garbage: 200, not JSON")
        server.get("/search.json?page=4")
        hung = socket.create_connection(("127.0.0.1", server.server.server_address[1]))
        hung.sendall(b"GET /search.json?page=4 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        deadline = time.monotonic() + 10
        while len(server.requests()) < 6 and time.monotonic() < deadline:
            time.sleep(0.01)  # waits for the request to arrive; decides nothing
        check(len(server.requests()) == 6, "the hung request arrived")
        check(server.get("/search.json")[0] == 200, "answers others while one hangs")
        check(select.select([hung], [], [], 0)[0] == [], "--hang: no answer")
        hung.close()

    check_descriptions(check)

    if check.failures:
        print(f"fake_shapes self-test: {len(check.failures)} of {check.count} checks failed: " + "; ".join(check.failures))
        return 1
    print(f"fake_shapes self-test: {check.count} checks passed")
    return 0


def main():
    options = parse(sys.argv[1:])
    if options.self_test:
        sys.exit(self_test())
    server = FakeShapes(options)
    print(server.server_address[1], flush=True)
    watch_for_orphaning()
    timer = threading.Timer(options.max_seconds, lambda: os._exit(0))
    timer.daemon = True
    timer.start()
    try:
        server.serve_forever(poll_interval=0.2)
    except KeyboardInterrupt:
        pass
    finally:
        server.stopping.set()


if __name__ == "__main__":
    main()
