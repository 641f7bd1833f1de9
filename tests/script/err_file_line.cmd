printf 'set cpus 8\n# a comment\nset ram 4X\nget cpus\n' > "$HOME/s.bl"; cd "$HOME" && $BL -f s.bl
