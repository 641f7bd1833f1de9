# the built-in presets, sorted, each with its description (other names may join the list)
$BL -c 'preset list' | grep -E '^(arm64-64k-pages|huge-65536cpu|laptop-8c-16g|server-2s-128c-512g|vm-4g) '
