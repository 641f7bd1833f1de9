# Issue 51: help keys and help answer are topics. Outside the explorer help keys lists every key of
# it, from the key table (so a bound key cannot go unlisted); help answer says how a lesson takes one.
$BL -c 'help keys' | head -3
$BL --width 80 -c 'help answer'
