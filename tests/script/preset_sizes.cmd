# A preset file writes sizes in binary units (ram = 3G, not 3221225472; 4097K where only K divides)
# and reals with every digit (%.17g); loading it gives back exactly the machine saved.
cd $HOME
$BL -c 'set ram 3G mmap 1536M reclaim 4097K charge_page_ns 99.99999999999999 socket_growth 0.1; preset save ./s.preset'
# keys padded to the longest parameter name, which any new parameter may change: one space here
grep -E '^(ram|mmap|reclaim|pagesize|charge_page_ns|socket_growth) ' s.preset | sed 's/ *#.*//; s/  */ /g'
$BL -c 'preset load ./s.preset; get ram mmap reclaim charge_page_ns socket_growth'
