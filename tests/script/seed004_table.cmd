for r in 4G 8G 16G 32G 64G 128G; do $BL -c "set ram $r; get vmpressure.window vmpressure.evals"; done
