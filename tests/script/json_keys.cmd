# Issue 34, items 2 and 4: a sweep over every key (help set), kernel included, over every patch
# (help metrics) with variants named to collide with the n/a and inf flags (z beside z_na, z_inf),
# read back by python's json module with a hook that refuses a key twice, and as csv.
/usr/bin/python3 json_keys.py "$BL"
