#!/usr/bin/env bash
# scripts/tsan.sh: builds build-tsan with ThreadSanitizer (-DGANTRY_SANITIZE_THREAD=ON, CUDA
# off) and runs the tests that exercise threads: the parallel mapping search
# (gantry_search_test, Qt-free: any report fails it), and under Qt Test the window's run worker
# (tst_mainwindow), the search placement (tst_searchplacement) and runs cancelled from another
# thread (tst_runfaults), the trace import worker (tst_traceimport) and the prediction
# sensitivity runs on several threads and in the window (tst_predictionsensitivity,
# tst_sensitivity), every batch of runs (tst_batchrunner), the Gantt painter's lanes written
# on two threads (tst_ganttpainter), the window's background task (tst_backgroundtask) and the
# project's open and save on a thread of their own (tst_projectsession) and the hand-over
# between a worker's thread and the window's (tst_handoff). Qt 6.4 is not
# instrumented and synchronises through futexes the
# sanitizer cannot see, so its own threads (the Qt Test watchdog, QThreadPool) give reports
# inside Qt; for the Qt tests a report fails the run when one of its racing accesses happens in
# Gantry's code (core/, search/, storage/, ui/, app/; see scripts/tsan-ours.awk). Reports are
# kept in build-tsan/tsan-reports/.
set -euo pipefail
cd "$(dirname "$0")/.."
dir=${GANTRY_TSAN_DIR:-build-tsan}
qt_tests=(tst_mainwindow tst_searchplacement tst_runfaults tst_traceimport tst_predictionsensitivity
  tst_sensitivity tst_batchrunner tst_ganttpainter tst_backgroundtask tst_projectsession
  tst_handoff)
launcher=()
command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
cmake -S . -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=Release "${launcher[@]}" \
  -DGANTRY_BUILD_TESTS=ON -DGANTRY_SANITIZE_THREAD=ON -DGANTRY_ENABLE_CUDA=OFF >/dev/null
cmake --build "$dir" --target gantry_search_test "${qt_tests[@]}"
# libgomp is not instrumented: xgboost's trees are trained on one thread here.
export OMP_NUM_THREADS=1
supp="suppressions=$PWD/cmake/tsan-suppressions.txt"
TSAN_OPTIONS="halt_on_error=1:second_deadlock_stack=1:$supp" \
  ctest --test-dir "$dir" --output-on-failure -R '^gantry_search_test$'
reports="$PWD/$dir/tsan-reports"
rm -rf "$reports"
mkdir -p "$reports"
regex="^($(IFS='|'; echo "${qt_tests[*]}"))\$"
TSAN_OPTIONS="second_deadlock_stack=1:exitcode=0:log_path=$reports/report:$supp" \
  ctest --test-dir "$dir" --output-on-failure -j"${GANTRY_TEST_JOBS:-2}" -R "$regex" "$@"
total=$(cat "$reports"/report.* 2>/dev/null | grep -c "WARNING: ThreadSanitizer" || true)
ours=$({ cat "$reports"/report.* 2>/dev/null || true; } |
  awk -v ours="$PWD/(core|search|storage|ui|app)/" -f scripts/tsan-ours.awk)
count=$(echo "$ours" | tail -n 1 | sed 's/tsan-ours: //')
echo "tsan: $total reports in the Qt tests, $count with an access in Gantry's code"
if [ "$count" != "0" ]; then
  echo "$ours"
  exit 1
fi
