# Issue 53: where, expect and plot walk rows as sweep does and are estimated before their first row by
# the same estimator (a solve of their models timed at a few rows, times the rows): over a minute is
# refused in a script unless --long is given, naming the command and how long. At 65536 CPUs a row of
# committed_as.throughput solves a large model; 499001 of them take minutes. With no terminal, nothing
# is said on stderr but the refusal: no progress line, no estimate, in a script's output. A walk under
# a minute (fewer rows) runs with no word on stderr. The figures depend on the machine: masked.
cd "$HOME" && echo keep > out.txt &&
mask() { sed -E 's/about [0-9.e+-]+ ms/about N ms/; s/about [0-9.]+ (seconds|hours|minutes)/about T/'; }
for c in 'where committed_as.throughput < 1 over committed_lock_ns 1 500 step 0.001' \
	 'where committed_as.throughput.before < committed_as.throughput.after over committed_lock_ns 1 500 step 0.001' \
	 'expect committed_as.throughput > 1 over committed_lock_ns 1 500 step 0.001' \
	 'plot committed_as.throughput over committed_lock_ns 1 500 step 0.001 > out.txt'; do
	$GUARD 60 $BL -c "set cpus 65536 mmap 1G; $c" 2>err
	echo "status $?"
	mask <err
done
# under a minute: runs, and the script's output is the answer alone
$GUARD 120 $BL -c 'set cpus 65536 mmap 1G; expect committed_as.throughput > 1 over committed_lock_ns 1 500 step 50' 2>err
echo "status $?"
cat err
cat out.txt; ls -A
