# scripts/tsan-ours.awk: prints the ThreadSanitizer reports (from log_path files) whose racing
# accesses happen in Gantry's code. For each access of a report ("Write of size ...",
# "Previous read of size ...") it looks at the first frame that is neither the sanitizer's own
# (interceptors, operator new/delete) nor an inlined C++ standard header: the report is
# Gantry's when that frame is in one of its source folders (the variable `ours`, a regular
# expression such as "/repo/(core|search|storage|ui|app)/"). An access inside Qt, compiled or
# inlined from Qt's headers (a QRunnable freed by a pooled thread, the reference count of a
# QString handed to a queued signal), is Qt's own synchronisation, which the sanitizer cannot
# follow through an uninstrumented Qt. Prints "tsan-ours: N" last.
function flush() {
    if (mine && report != "") { printf "%s", report; count++ }
    report = ""; mine = 0; inAccess = 0
}
/^==================$/ { if (report ~ /WARNING: ThreadSanitizer/) flush(); else report = ""; report = report $0 "\n"; next }
{ report = report $0 "\n" }
/^  (Previous )?([Aa]tomic )?([Rr]ead|[Ww]rite) of size/ { inAccess = 1; found = 0; next }
/^    #[0-9]+ / {
    if (inAccess && !found) {
        if ($0 ~ /libsanitizer|tsan_/ || $0 ~ /\/usr\/include\/c\+\+\//) next
        found = 1
        if ($0 ~ ours) mine = 1
    }
    next
}
{ inAccess = 0 }
END { flush(); print "tsan-ours: " count + 0 }
