# seed 002 root: 10.46 s / inf (never finished) / 10.51 s; pages/s 68047 / 13742 / 67352
$BL -c 'preset load reclaim-root; get proactive_reclaim.time_s; get proactive_reclaim.pages_per_s' | awk '
NR == 1 { print ($2 == "inf" ? "cluster never finishes" : "cluster: " $2); d = ($1 - 10.46) / 10.46; print (d < 0.05 && d > -0.05 ? "full within 5%" : "full off: " $1) }
NR == 2 { split("68047 13742 67352", w, " "); tol[1] = 0.05; tol[2] = 0.05; tol[3] = 0.12
	for (i = 1; i <= 3; i++) { d = ($i - w[i]) / w[i]; if (d < 0) d = -d; print (d <= tol[i] ? "pages/s ok" : "pages/s off: " $i) } }'
$BL -c 'preset load reclaim-root; explain proactive_reclaim.time_s.cluster' | grep -c -e 'never completes' -e '\[model:'
