$BL -c 'set ram 4G; get vmpressure.window.after'
