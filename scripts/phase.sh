# Sourced by .ci/run and scripts/test.sh: `phase NAME command…` runs one phase and prints its wall
# time and the load average, so every run shows where its time went (and how busy the machine was).
# With PHASE_LOG set, each line is also appended there; `phase_summary` prints them all.

load_average() {
  if [ -r /proc/loadavg ]; then cut -d' ' -f1-3 /proc/loadavg; else uptime | sed 's/.*load averages*: //'; fi
}

phase() {
  local name=$1 start rc=0 line
  shift
  start=$(date +%s)
  "$@" || rc=$?
  line=$(printf 'phase %-14s %5s s  exit %s  load %s' "$name" "$(($(date +%s) - start))" "$rc" "$(load_average)")
  echo "$line"
  if [ -n "${PHASE_LOG:-}" ]; then echo "$line" >>"$PHASE_LOG"; fi
  return "$rc"
}

phase_summary() {
  [ -n "${PHASE_LOG:-}" ] && [ -s "$PHASE_LOG" ] || return 0
  echo "---- phase times (wall seconds; load average 1/5/15 min at the end of each phase)"
  cat "$PHASE_LOG"
}
