# Issue 22: an unknown name gets "did you mean ..." from the table it was looked up in - the
# commands, the parameters, the patches, a patch's metrics and sides, the presets, help's topics
# - and a name near nothing gets none. Each still fails with status 1 and changes nothing.
. "$(dirname "$0")/names.sh" # the patch, preset and release lists by name (issue 37)
for c in 'shwo' 'set cpu 8' 'get ramm' 'reset pagesz' 'sweep cpu 1 4 vmstat.threshold' 'about vmpresure' \
	 'show memcg' 'get vmpressure.windw' 'get vmpressure.window.aftr' 'explain comitted_as.batch' \
	 'preset load vm4g' 'variant memcg_chrge a = 1' 'tradeoff vmpresure' 'help swep' 'help vmpressure.detect' \
	 'plot vmpressure.windo over ram 1G 4G' 'where vmpressure.window > 1 over cpu 1 4' \
	 'frobnicate' 'set zzzzzz 1' 'about zzzzzz'; do
	$BL -c "$c; get cpus"; echo "exit $?"
done
# git-style too: a first word near a command is told so
$BL shwo vmpressure; echo "exit $?"
