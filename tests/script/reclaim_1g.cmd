$BL -c 'set reclaim 1G; get proactive_reclaim.calls; get proactive_reclaim.calls.before proactive_reclaim.calls.after'
