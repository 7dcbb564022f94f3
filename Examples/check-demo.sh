#!/usr/bin/env bash
# Checks redux-demo end to end: the shipped sessions (counter/login, search, downloads, movies, profile) replay cleanly
# and identically on every run, the headless badge service is told what it should be, and bad
# input stops the replay with a message on stderr and the documented exit status (README.md,
# "The demo"): 64 for bad arguments, 65 for bad data (a malformed line, an unknown action, a
# bad clock line, a file with no action), 66 for a file that cannot be opened. Every shipped
# session is also recorded (--record) and its recording replay-checked (--replay-check); an
# edited recording must diverge and a file that is not a recording must be refused; each
# recording renders with redux-inspect, which refuses a session file. One line
# per check; exits non-zero if any check fails.
#
#   Examples/check-demo.sh [swift run flags...]     e.g. Examples/check-demo.sh -c release
#   SWIFT_SCRATCH=/tmp/build Examples/check-demo.sh  adds --scratch-path /tmp/build
#
# It builds nothing itself: `swift run` builds the demo if needed.
set -uo pipefail

cd "$(dirname "$0")/.."
run_flags=("$@")
if [[ -n "${SWIFT_SCRATCH:-}" ]]; then run_flags=(--scratch-path "$SWIFT_SCRATCH" "${run_flags[@]}"); fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failures=0

pass() { printf 'ok    %s\n' "$1"; }
fail() { printf 'FAIL  %s\n' "$1"; failures=$((failures + 1)); }

# demo [ARGS...]: runs the demo, leaving stdout, stderr and the exit status in $work.
demo() {
    swift run "${run_flags[@]}" redux-demo "$@" >"$work/out" 2>"$work/err"
    echo $? >"$work/status"
}
status() { cat "$work/status"; }
# final_json_has PATTERN: the JSON printed after "Final state:" has a line matching PATTERN.
final_json_has() { sed -n '/^Final state:$/,$p' "$work/out" | grep -Eq "$1"; }

# 1. The shipped session: exit 0, every line replayed, final state as JSON.
demo
if [[ $(status) == 0 ]] && final_json_has '^\{$' && final_json_has '"counter" *: *2,?$' \
    && final_json_has '"user" *: *"alan",?$' && final_json_has '^\}$'; then
    pass "default session: exit 0, final state printed as JSON"
else
    fail "default session: expected exit 0 and the final state as JSON (got exit $(status))"
    sed 's/^/      /' "$work/err" | tail -5
fi

# 2. A malformed line: exit 65, FILE:LINE: on stderr, earlier lines applied, later ones not.
bad="$work/malformed.jsonl"
printf '%s\n' '{"type":"increment"}' '' '{"type":"increment"' '{"type":"increment"}' >"$bad"
demo "$bad"
if [[ $(status) == 65 ]] && grep -Eq "^$bad:3: " "$work/err" && grep -Eq '"counter" *: *1,?$' "$work/out"; then
    pass "malformed line: exit 65, '$bad:3:' on stderr, state reached so far printed"
else
    fail "malformed line: expected exit 65 and '$bad:3:' on stderr (got exit $(status): $(tail -1 "$work/err"))"
fi

# 3. An unknown action: exit 65, FILE:LINE: on stderr.
unknown="$work/unknown.jsonl"
printf '%s\n' '{"type":"increment"}' '{"type":"decrement"}' '{"type":"teleport"}' >"$unknown"
demo "$unknown"
if [[ $(status) == 65 ]] && grep -Eq "^$unknown:3: .*teleport" "$work/err" && grep -Eq '"counter" *: *0,?$' "$work/out"; then
    pass "unknown action: exit 65, '$unknown:3:' on stderr"
else
    fail "unknown action: expected exit 65 and '$unknown:3:' on stderr (got exit $(status): $(tail -1 "$work/err"))"
fi

# 4. A missing file: exit 66 (EX_NOINPUT) with a message naming it.
missing="$work/no-such-session.jsonl"
demo "$missing"
if [[ $(status) == 66 ]] && grep -Fq "$missing" "$work/err"; then
    pass "missing file: exit 66 with a message naming it"
else
    fail "missing file: expected exit 66 (got exit $(status): $(tail -1 "$work/err"))"
fi

# 5. An empty file and a blank-only file: exit 65 with a message naming the file, nothing replayed.
empty="$work/empty.jsonl"
: >"$empty"
blank="$work/blank.jsonl"
printf '\n   \n\t\n\r\n' >"$blank"
for file in "$empty" "$blank"; do
    demo "$file"
    if [[ $(status) == 65 ]] && grep -Fq "$file: no action to replay" "$work/err" && [[ ! -s "$work/out" ]]; then
        pass "$(basename "$file"): exit 65, 'no action to replay' on stderr, nothing on stdout"
    else
        fail "$(basename "$file"): expected exit 65 and 'no action to replay' on stderr (got exit $(status): $(tail -1 "$work/err"))"
    fi
done

# 6. A one-line session says "(1 line)".
one="$work/one.jsonl"
printf '%s\n' '{"type":"increment"}' >"$one"
demo "$one"
if [[ $(status) == 0 ]] && grep -Fq "Replaying $one (1 line)" "$work/out"; then
    pass "one-line session: exit 0, 'Replaying ... (1 line)'"
else
    fail "one-line session: expected exit 0 and '(1 line)' (got exit $(status): $(head -1 "$work/out"))"
fi

# 7. A directory: exit 66, like a missing file.
demo "$work"
if [[ $(status) == 66 ]] && grep -Fq "is a directory" "$work/err"; then
    pass "directory: exit 66 with 'is a directory'"
else
    fail "directory: expected exit 66 (got exit $(status): $(tail -1 "$work/err"))"
fi

# 8. Bad arguments: exit 64 with the usage on stderr, for two files and for an unknown option.
for args in "$one $one" "--frobnicate"; do
    # shellcheck disable=SC2086 # split on purpose: each case is a list of arguments
    demo $args
    if [[ $(status) == 64 ]] && grep -Fq "usage: redux-demo" "$work/err"; then
        pass "arguments '${args//$work\//}': exit 64 with the usage on stderr"
    else
        fail "arguments '${args//$work\//}': expected exit 64 and the usage (got exit $(status): $(head -1 "$work/err"))"
    fi
done

# 9. --help: exit 0, the usage on stdout, listing the exit statuses and explaining clock lines.
demo --help
if [[ $(status) == 0 ]] && grep -Fq "usage: redux-demo" "$work/out" && grep -Eq '^ +64 ' "$work/out" \
    && grep -Eq '^ +65 ' "$work/out" && grep -Eq '^ +66 ' "$work/out" && grep -Fq '{"advance":"250ms"}' "$work/out"; then
    pass "--help: exit 0, usage with exit statuses 64, 65, 66 and clock lines on stdout"
else
    fail "--help: expected exit 0 and the usage with its exit statuses (got exit $(status))"
fi

# 10. The search session: exit 0; the transcript shows the request cancelled in flight, the
# failure recovered as searchFailed, and the retry; the final state holds the retried query's
# results with nothing loading and no error.
search=Examples/Sessions/search.jsonl
demo "$search"
if [[ $(status) == 0 ]] && grep -Fq 'service: request for "swift" (attempt 1) cancelled in flight' "$work/out" \
    && grep -Eq '↳ resolver search: reduce as searchFailed\(query: "redux"' "$work/out" \
    && grep -Eq '^ +[0-9]+  retry → reduced$' "$work/out" \
    && final_json_has '"query" *: *"redux",?$' && final_json_has '^ +"swift-redux",?$' \
    && final_json_has '"isLoading" *: *false,?$' && final_json_has '"loadingTicks" *: *0,?$' \
    && final_json_has '"error" *: *null,?$' && final_json_has '"attempt" *: *2,?$' \
    && ! grep -Fq 'still asleep on the clock' "$work/out"; then
    pass "search session: exit 0, in-flight request cancelled, failure retried, final results for \"redux\""
else
    fail "search session: expected exit 0 and the final results for \"redux\" (got exit $(status))"
    sed 's/^/      /' "$work/err" | tail -5
fi

# 11. Replays are deterministic: the same session prints the same bytes on every run.
downloads=Examples/Sessions/downloads.jsonl
movies=Examples/Sessions/movies.jsonl
profile=Examples/Sessions/profile.jsonl
for session in Examples/Sessions/counter-login.jsonl "$search" "$downloads" "$movies" "$profile"; do
    demo "$session"
    cp "$work/out" "$work/first"
    demo "$session"
    if [[ $(status) == 0 ]] && cmp -s "$work/first" "$work/out"; then
        pass "$(basename "$session"): two runs print the same transcript"
    else
        fail "$(basename "$session"): two runs printed different transcripts (exit $(status))"
        diff "$work/first" "$work/out" | head -5 | sed 's/^/      /'
    fi
done

# 12. A bad clock line: exit 65, FILE:2: on stderr naming the problem, the line before applied.
clock="$work/clock.jsonl"
for advance in '"soon"' '"-5ms"' '"250"' '"5m"' '250' '"2h"' '"7200s"' '"0.0000000001s"'; do
    printf '%s\n' '{"type":"increment"}' "{\"advance\":$advance}" '{"type":"increment"}' >"$clock"
    demo "$clock"
    if [[ $(status) == 65 ]] && grep -Eq "^$clock:2: .*(duration|advance|forward|nanosecond)" "$work/err" \
        && grep -Eq '"counter" *: *1,?$' "$work/out"; then
        pass "clock line {\"advance\":$advance}: exit 65, '$clock:2:' on stderr"
    else
        fail "clock line {\"advance\":$advance}: expected exit 65 and '$clock:2:' on stderr (got exit $(status): $(tail -1 "$work/err"))"
    fi
done
printf '%s\n' '{"advance":"1s","type":"increment"}' >"$clock"
demo "$clock"
if [[ $(status) == 65 ]] && grep -Fq "$clock:1: a clock line has only the field \"advance\"" "$work/err"; then
    pass "clock line with a \"type\" too: exit 65, '$clock:1:' on stderr"
else
    fail "clock line with a \"type\" too: expected exit 65 and '$clock:1:' on stderr (got exit $(status): $(tail -1 "$work/err"))"
fi

# 13. The downloads session: rows of a lifted child feature in an IdentifiedArray, each with a
# download reporting 25 % every 250 ms. Session lines: 10 moves row 3 to the top, 12 removes
# row 2 while it runs, 13 starts row 2 (gone), 15 adds row 2 again, 16 starts it, 18 moves it to
# the top. The transcript prints each line as `  N  action → outcome`, what it set off as
# `↳ ...`, and the state as `= downloads=[id file progress%, ...]`.
demo "$downloads"
downloads_ok=$([[ $(status) == 0 ]] && echo yes)
# reports ID [FIRST LAST]: the progress values row ID's reports reduced, in order, under session
# lines FIRST..LAST (all lines by default), space-separated.
reports() {
    awk -v id="$1" -v first="${2:-1}" -v last="${3:-1000000}" '
        match($0, /^ +[0-9]+  /) { line = $1 + 0 }
        index($0, "↳ downloads[" id "] progress(") && / → reduced$/ && line >= first && line <= last {
            sub(/.*progress\(/, ""); sub(/\).*/, ""); printf "%s%s", sep, $0; sep = " "
        }
        END { print "" }' "$work/out"
}
# state_after N: the `= ...` state line printed under session line N.
state_after() { awk -v n="$1" 'match($0, /^ +[0-9]+  /) { line = $1 + 0 } line == n && /^ +=/ { print; exit }' "$work/out"; }
check_downloads() {
    local name=$1; shift
    if [[ -n "$downloads_ok" ]] && "$@"; then pass "downloads session: $name"; else fail "downloads session: $name (exit $(status))"; fi
}
removed_cancelled() {
    [[ $(grep -c 'cancelled in flight' "$work/out") == 1 ]] \
        && awk 'match($0, /^ +[0-9]+  /) { line = $1 + 0 } line == 12' "$work/out" | grep -Fqx '      ↳ download 2 cancelled in flight at 50%' \
        && [[ $(reports 2 1 14) == "25 50" ]] && [[ -z $(reports 2 12 15) ]]
}
check_downloads "removed row 2's download cancelled at 50 % (its only cancellation), nothing of it reduced after the removal" removed_cancelled
moved_untouched() {
    [[ $(reports 3) == "25 50 75 100" ]] && [[ $(reports 1) == "25 50 75 100" ]] && [[ $(reports 3 11) == "50 75 100" ]] \
        && state_after 10 | grep -Fq '= downloads=[3 c.zip 25%, 1 a.zip 50%, 2 b.zip 25%]'
}
check_downloads "moved rows keep their downloads: rows 1 and 3 report 25, 50, 75, 100 once each, across the moves" moved_untouched
readded_fresh() {
    state_after 15 | grep -Fq '2 b.zip 0%]' && [[ $(reports 2 15) == "25 50 75 100" ]] \
        && [[ $(grep -Fc '↳ reducer downloads[2]/download started an effect' "$work/out") == 2 ]]
}
check_downloads "re-added row 2 starts at 0 % and gets only its new download's reports (25, 50, 75, 100)" readded_fresh
absent_skipped() {
    grep -Eq '^ +13  downloads\[2\] start → unhandled$' "$work/out" \
        && grep -Fqx '      ↳ warning: reducer download skipped the action: downloads[2] has no element 2' "$work/out" \
        && state_after 13 | grep -Fq '= downloads=[3 c.zip 25%, 1 a.zip 50%]'
}
check_downloads "an action for removed row 2 is skipped with a warning (unhandled, nothing changed)" absent_skipped
final_downloads() {
    [[ $(sed -n '/^Final state:$/,$p' "$work/out" | grep -Eo '"id" *: *[0-9]+' | grep -Eo '[0-9]+$' | tr '\n' ' ') == "2 3 1 " ]] \
        && [[ $(sed -n '/^Final state:$/,$p' "$work/out" | grep -Ec '"progress" *: *100,?$') == 3 ]] \
        && ! grep -Fq 'still asleep on the clock' "$work/out"
}
check_downloads "final state: rows 2, 3, 1, every download at 100 %, nothing left asleep" final_downloads

# 14. The movies session (a Behavior with an environment, lifted into the app): the list loads
# from Examples/Data/movies.json; of the keystrokes "s", "st", "sta", "star" (each inside the
# 300 ms debounce window of the one before), only "star" is searched; the simulated outage makes
# the refresh fail; the retry loads the list again and searches "star" in it. The final state
# holds the 16 movies, the query "star" and its two matches, no error, nothing loading.
demo "$movies"
# final_compact: the final state's JSON with every space and newline removed.
final_compact() { sed -n '/^Final state:$/,$p' "$work/out" | tr -d ' \n'; }
if [[ $(status) == 0 ]] && [[ $(grep -c '↳ movies.searchFinished' "$work/out") == 3 ]] \
    && [[ $(grep -c '↳ movies.searchFinished(query: "star", 2 matches) → reduced' "$work/out") == 2 ]] \
    && ! grep -Eq 'searchFinished\(query: "(s|st|sta)",' "$work/out" \
    && grep -Fq '↳ movies.loadFailed(reason: "the movie server did not answer request 2 (simulated outage)") → reduced' "$work/out" \
    && grep -Eq '^ +[0-9]+  movies.retry → reduced$' "$work/out" \
    && [[ $(grep -c '↳ movies.loaded(16 movies) → reduced' "$work/out") == 2 ]] \
    && final_compact | grep -Fq '"query":"star"' && final_compact | grep -Fq '"matches":[5,15]' \
    && final_compact | grep -Fq '"error":null,"isLoading":false,"loads":3' \
    && [[ $(final_compact | grep -o '"title":' | wc -l) == 16 ]] \
    && ! grep -Fq 'still asleep on the clock' "$work/out"; then
    pass "movies session: exit 0, one search for the last of the debounced queries, outage failed, retry loaded, final matches for \"star\""
else
    fail "movies session: expected exit 0 and the final matches [5, 15] for \"star\" (got exit $(status))"
    sed 's/^/      /' "$work/err" | tail -5
fi

# 15. A movies action missing its field: exit 65, FILE:2: naming the field, the line before applied.
bad_movies="$work/movies-bad.jsonl"
printf '%s\n' '{"type":"movies.onAppear"}' '{"type":"movies.queryChanged"}' '{"advance":"500ms"}' >"$bad_movies"
demo "$bad_movies"
if [[ $(status) == 65 ]] && grep -Fq "$bad_movies:2: missing field \"query\"" "$work/err" \
    && sed -n '/State reached:$/,$p' "$work/out" | tr -d ' \n' | grep -Fq '"isLoading":true,"loads":1'; then
    pass "movies action without its field: exit 65, '$bad_movies:2: missing field \"query\"' on stderr, earlier line applied"
else
    fail "movies action without its field: expected exit 65 and '$bad_movies:2:' on stderr (got exit $(status): $(tail -1 "$work/err"))"
fi

# 16. The profile session (the ReduxProfile feature module, composed through a scattered map
# whose fields live in displayName, settings.notificationsOn and isLoggedIn): a rename while
# signed out is consumed by the module's middleware; after sign-in, a padded name is redirected
# (re-embedded as an app action) to the trimmed one and reduced into displayName; a blank name
# is consumed; the switch is set and turned over twice. The final state shows the changed root
# fields, and the fields the module only reads (isLoggedIn, user) as the login left them.
demo "$profile"
if [[ $(status) == 0 ]] && grep -Eq '^ +1  profile.rename\("Grace"\) → consumed$' "$work/out" \
    && grep -Fqx '      ↳ middleware profile/profileNames: next as profile.rename("Grace Hopper")' "$work/out" \
    && grep -Eq '^ +5  profile.rename\("  Grace Hopper "\) → reduced$' "$work/out" \
    && grep -Eq '^ +6  profile.rename\("   "\) → consumed$' "$work/out" \
    && grep -Eq '^ +9  profile.toggleNotifications → reduced$' "$work/out" \
    && final_json_has '"displayName" *: *"Grace Hopper",?$' && final_json_has '"notificationsOn" *: *false,?$' \
    && final_json_has '"isLoggedIn" *: *true,?$' && final_json_has '"user" *: *"ada",?$' \
    && final_json_has '"counter" *: *1,?$' && ! grep -Fq 'still asleep on the clock' "$work/out"; then
    pass "profile session: exit 0, rename refused signed out, trimmed by the lifted middleware, final displayName \"Grace Hopper\" and notifications off"
else
    fail "profile session: expected exit 0 and the final displayName \"Grace Hopper\" with notifications off (got exit $(status))"
    sed 's/^/      /' "$work/err" | tail -5
fi

# 17. A profile action with a field it does not have, and one with a field of the wrong type:
# exit 65, FILE:2: on stderr, the line before applied.
bad_profile="$work/profile-bad.jsonl"
for line in '{"type":"profile.toggleNotifications","on":true}' '{"type":"profile.setNotifications","on":"no"}'; do
    printf '%s\n' '{"type":"profile.setNotifications","on":false}' "$line" >"$bad_profile"
    demo "$bad_profile"
    if [[ $(status) == 65 ]] && grep -Eq "^$bad_profile:2: " "$work/err" \
        && sed -n '/State reached:$/,$p' "$work/out" | grep -Eq '"notificationsOn" *: *false,?$'; then
        pass "profile line $line: exit 65, '$bad_profile:2:' on stderr, earlier line applied"
    else
        fail "profile line $line: expected exit 65 and '$bad_profile:2:' on stderr (got exit $(status): $(tail -1 "$work/err"))"
    fi
done

# 18. An action for an absent child must be declared on its line ("childAbsent":true), and a
# declared one must happen: otherwise exit 65, FILE:LINE: on stderr, the line itself applied.
absent="$work/absent.jsonl"
printf '%s\n' '{"type":"addDownload","id":1,"file":"a.zip"}' '{"type":"start","id":9}' >"$absent"
demo "$absent"
if [[ $(status) == 65 ]] && grep -Fq "$absent:2: its action reached an absent child (downloads[9] has no element 9)" "$work/err"; then
    pass "undeclared absent child: exit 65, '$absent:2:' on stderr naming the path and the absence"
else
    fail "undeclared absent child: expected exit 65 and '$absent:2:' on stderr (got exit $(status): $(tail -1 "$work/err"))"
fi
printf '%s\n' '{"type":"addDownload","id":1,"file":"a.zip"}' '{"type":"start","id":1,"childAbsent":true}' >"$absent"
demo "$absent"
if [[ $(status) == 65 ]] && grep -Fq "$absent:2: the line declares \"childAbsent\": true, but its action reached no absent child" "$work/err" \
    && grep -Fq 'line 2 was applied' "$work/out"; then
    pass "declared absent child that is present: exit 65, '$absent:2:' on stderr, the line applied"
else
    fail "declared absent child that is present: expected exit 65 and '$absent:2:' on stderr (got exit $(status): $(tail -1 "$work/err"))"
fi

# 19. The badge service (Examples/Demo/BadgeService.swift): a headless select subscription, owned
# weakly by the service, of the badge (the counter while signed in, none otherwise), compared with
# `==`. On the default session it is told the current badge once, under the initial state, then
# only when the badge changes: nothing while the counter moves signed out (lines 1-17) or on
# lines that leave the badge as it was (19 consumed, 25 unhandled, the reset after a logout);
# each note comes before the terminal of the action that changed the badge.
demo
# badge_notes [N]: what the service was told under session line N (0: under the initial state),
# or under every line, joined with ';'.
badge_notes() {
    awk -v n="${1:--1}" '
        match($0, /^ +[0-9]+  /) { line = $1 + 0 }
        index($0, "      ↳ badge service: ") == 1 && (n < 0 || line + 0 == n) {
            sub(/^      ↳ badge service: /, ""); printf "%s;", $0
        }' "$work/out"
}
badge_quiet_while_signed_out() {
    local n
    for n in $(seq 1 17) 19 25; do [[ -z $(badge_notes "$n") ]] || return 1; done
}
signed_out='no badge (signed out)'
badge_expected="$signed_out;badge 0;badge 1;badge 2;badge 3;$signed_out;badge 0;badge 1;badge 2;badge 1;$signed_out;badge 0;badge 1;badge 2;"
if [[ $(status) == 0 ]] && [[ $(badge_notes) == "$badge_expected" ]] \
    && [[ $(badge_notes 0) == "$signed_out;" ]] && badge_quiet_while_signed_out \
    && [[ $(badge_notes 18) == "badge 0;" ]] && [[ $(badge_notes 24) == "$signed_out;" ]] \
    && [[ $(badge_notes 31) == "badge 1;badge 2;" ]] \
    && grep -A1 -F '      ↳ badge service: badge 0' "$work/out" | grep -Fq '↳ line 17 login(user: "ada", password: ***) → reduced'; then
    pass "badge service: told the badge on subscribing, then only its 13 changes, each under its line before the action's terminal"
else
    fail "badge service: expected the notes '$badge_expected' (got exit $(status): '$(badge_notes)')"
fi

# 20. Recording and the replay check: every shipped session records (--record) to a lifted-state
# file, the same bytes on a second run, and the recording replays deterministically
# (--replay-check: exit 0, "replay matches the recording" on stdout).
for session in Examples/Sessions/*.jsonl; do
    name=$(basename "$session" .jsonl)
    recording="$work/$name.json"
    demo "$session" --record "$recording"
    if [[ $(status) == 0 ]] && [[ -s "$recording" ]] && head -c 16 "$recording" | grep -Fq '{"actionsById":' \
        && grep -Fq "to $recording" "$work/out"; then
        pass "$name.jsonl --record: exit 0, lifted state written"
    else
        fail "$name.jsonl --record: expected exit 0 and a lifted-state file (got exit $(status): $(tail -1 "$work/err"))"
        continue
    fi
    demo "$session" --record "$work/again.json"
    if [[ $(status) == 0 ]] && cmp -s "$recording" "$work/again.json"; then
        pass "$name.jsonl --record: two runs write the same bytes"
    else
        fail "$name.jsonl --record: two runs wrote different recordings (exit $(status))"
    fi
    demo --replay-check "$recording"
    if [[ $(status) == 0 ]] && grep -Fq 'replay matches the recording' "$work/out" && ! grep -Fq 'diverged' "$work/err"; then
        pass "$name.jsonl --replay-check: exit 0, $(grep -F 'replay matches' "$work/out")"
    else
        fail "$name.jsonl --replay-check: expected exit 0 (got exit $(status): $(tail -1 "$work/err"))"
        grep -E '^(replay diverged|[-+] )' "$work/out" | head -4 | sed 's/^/      /'
    fi
done

# 21. An edited recording diverges: the downloads session's recording with the counter of one
# computed state changed replays to exit 65, "diverged" on stdout and stderr, and the diff.
recording="$work/downloads.json"
edited="$work/edited.json"
if [[ -s "$recording" ]] && sed 's/{"state":{"counter":0,/{"state":{"counter":7,/2' "$recording" >"$edited" \
    && ! cmp -s "$recording" "$edited"; then
    demo --replay-check "$edited"
    if [[ $(status) == 65 ]] && grep -Fq 'replay diverged at entry' "$work/out" && grep -Eq '^-.*"counter": 7' "$work/out" \
        && grep -Fq "$edited: the replay diverged from the recording at entry" "$work/err"; then
        pass "edited recording --replay-check: exit 65, 'diverged' with the state diff"
    else
        fail "edited recording --replay-check: expected exit 65 and 'diverged' (got exit $(status): $(tail -1 "$work/err"))"
    fi
else
    fail "edited recording: no downloads recording to edit"
fi

# 22. Files that are not recordings: a session file, and a truncated recording, exit 65 naming
# the problem; a missing file exits 66; --replay-check with a session file too, or without its
# file, exits 64.
demo --replay-check Examples/Sessions/search.jsonl
if [[ $(status) == 65 ]] && grep -Fq "Examples/Sessions/search.jsonl: not a Redux DevTools recording: not JSON at byte offset" "$work/err"; then
    pass "session file --replay-check: exit 65, 'not a Redux DevTools recording' naming the problem"
else
    fail "session file --replay-check: expected exit 65 (got exit $(status): $(tail -1 "$work/err"))"
fi
printf '%s\n' '{"actionsById":{},"computedStates":[]}' >"$work/partial.json"
demo --replay-check "$work/partial.json"
if [[ $(status) == 65 ]] && grep -Fq "$work/partial.json: not a Redux DevTools recording: " "$work/err"; then
    pass "lifted state missing fields --replay-check: exit 65, $(grep -F 'not a Redux DevTools recording: ' "$work/err" | sed 's|^.*recording: ||')"
else
    fail "lifted state missing fields --replay-check: expected exit 65 (got exit $(status): $(tail -1 "$work/err"))"
fi
demo --replay-check "$missing"
if [[ $(status) == 66 ]] && grep -Fq "$missing: cannot open recording" "$work/err"; then
    pass "missing recording --replay-check: exit 66"
else
    fail "missing recording --replay-check: expected exit 66 (got exit $(status): $(tail -1 "$work/err"))"
fi
for args in "--replay-check" "--record" "$one --replay-check $work/downloads.json"; do
    # shellcheck disable=SC2086 # split on purpose: each case is a list of arguments
    demo $args
    if [[ $(status) == 64 ]] && grep -Fq "usage: redux-demo" "$work/err"; then
        pass "arguments '${args//$work\//}': exit 64 with the usage on stderr"
    else
        fail "arguments '${args//$work\//}': expected exit 64 and the usage (got exit $(status): $(tail -1 "$work/err"))"
    fi
done

# 23. redux-inspect renders every recording of step 20 to one self-contained page (its entry
# count in the header, no external script, style or image), and refuses a session file (not a
# recording) with exit 65 and no page written.
inspect() {
    swift run "${run_flags[@]}" redux-inspect "$@" >"$work/out" 2>"$work/err"
    echo $? >"$work/status"
}
for session in Examples/Sessions/*.jsonl; do
    name=$(basename "$session" .jsonl)
    recording="$work/$name.json"
    [[ -s "$recording" ]] || { fail "$name: no recording to inspect"; continue; }
    rm -f "$work/$name.html"
    inspect "$recording"
    entries=$(grep -Fo '"type":"PERFORM_ACTION"' "$recording" | wc -l)
    if [[ $(status) == 0 ]] && [[ -s "$work/$name.html" ]] \
        && grep -Fq "data-entries=\"$entries\"" "$work/$name.html" \
        && ! grep -Eq '<(script|link|img)[^>]* (src|href)=' "$work/$name.html"; then
        pass "redux-inspect $name.json: exit 0, $(tail -1 "$work/out" | sed "s|$work/||")"
    else
        fail "redux-inspect $name.json: expected exit 0 and a page of $entries entries (got exit $(status): $(tail -1 "$work/err"))"
    fi
done
inspect Examples/Sessions/search.jsonl -o "$work/not-a-page.html"
if [[ $(status) == 65 ]] && grep -Fq "Examples/Sessions/search.jsonl is not a recording: " "$work/err" \
    && [[ ! -e "$work/not-a-page.html" ]]; then
    pass "redux-inspect on a session file: exit 65 naming the problem, no page written"
else
    fail "redux-inspect on a session file: expected exit 65 and no page (got exit $(status): $(tail -1 "$work/err"))"
fi

if ((failures > 0)); then
    echo "check-demo: $failures check(s) failed"
    exit 1
fi
