#!/bin/sh
# explorer's screens as JSON, piped into jq. With --format json every screen is one JSON
# object on one line (JSON Lines): `-c "use starships; page 2"` prints two lines, page 1
# and then page 2, so `tail -n 1` keeps the last screen.
# Run it:  sh examples/json-to-jq.sh   (needs jq; reads only the data compiled in)
# EXPLORER names the explorer to run (default: explorer on PATH), e.g.
#   EXPLORER=.build/release/explorer sh examples/json-to-jq.sh
set -eu

if ! command -v jq >/dev/null 2>&1; then
    echo "json-to-jq.sh: needs jq, which is not installed (apt-get install jq, or brew install jq)" >&2
    exit 1
fi
explorer=${EXPLORER:-explorer}

echo "# The names of the starships on page 2:"
"$explorer" --format json -c "use starships; page 2" | tail -n 1 | jq -r '.rows[].name'

echo "# The five longest of the 20 starships loaded, length in metres first:"
"$explorer" --format json -c "use starships; page 2; sort length desc" | tail -n 1 \
    | jq -r '.rows[:5][] | "\(.length_m)\t\(.name)"'

echo "# Characters by eye colour, from the screen's own segment counts:"
"$explorer" --format json -c "use characters" \
    | jq -r '.segments[] | select(.value != null) | "\(.count)\t\(.label)"'

echo "# An iTunes search as tab-separated values: track, album, price:"
"$explorer" --format json -c "use itunes; search guns n roses" | tail -n 1 \
    | jq -r '.rows[] | [.track, .album, .price] | @tsv'
