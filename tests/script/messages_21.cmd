# Issue 21.13: each message says what is wrong, one way.
# a ')' where a value belongs: the value is missing, not a '('
$BL -c 'variant memcg_charge a = ()'
$BL -c 'variant memcg_charge a = max(cpus,)'
$BL -c 'variant memcg_charge a = (1 +)'
$BL -c 'variant memcg_charge a = cpus)'
# a leading 0: octal in C (010 is 8), ten to many readers - refused, never guessed; 0x is hex
$BL -c 'variant memcg_charge a = 010'
$BL -c 'set cpus 010'
$BL -c 'set reclaim 010M'
$BL -c 'variant memcg_charge a = 0x10; get memcg_charge.batch.a; set cpus 10; get cpus'
# what prints as nothing is shown escaped: a byte-order mark or a zero-width space inside a word
printf 'get cp\342\200\213us\n' | $BL
printf 'get \357\273\277cpus\n' | $BL
# one line limit, said one way: 4096 bytes pass the reader and the command alike; 4097 are refused by each in the same words
{ printf 'get cpus'; head -c 4088 /dev/zero | tr '\0' ' '; printf '\n'; } | $BL; echo "exit $?"
{ printf 'get cpus'; head -c 4089 /dev/zero | tr '\0' ' '; printf '\n'; } | $BL; echo "exit $?"
$BL -c "get cpus$(head -c 4089 /dev/zero | tr '\0' ' ')"; echo "exit $?"
# tradeoff: the curve's limit, the same number for a huge range and a large one
$BL -c 'tradeoff proactive_reclaim over reclaim 1M 1E step 1'
$BL -c 'tradeoff memcg_charge over charge_batch 1 20000 step 1'
# preset list: a description's raw C1 controls (CSI as one byte, and as UTF-8) are escaped
XDG_CONFIG_HOME="$HOME/c1"; export XDG_CONFIG_HOME
mkdir -p "$XDG_CONFIG_HOME/batchlab/presets" && printf '# evil \2332J and \302\2332J\ncpus = 8\n' > "$XDG_CONFIG_HOME/batchlab/presets/evil.preset"
$BL -c 'preset list' | grep '^evil '
