# Seed 004's windows by RAM: 512 pages before on every size; after, 32 * 16 * (1 + fls(totalram >> 15)):
# 1G 2048, 2G 2560, 4G 3072, 8G 3584 (the seed's table starts at 4G).
$BL --format csv -c 'sweep ram 1G 8G vmpressure.window'
