dtrace: description 'BEGIN ' matched 1 probe
dtrace: allowing destructive actions
exit 0
dtrace: description '#pragma D option destructive
BEGIN ' matched 1 probe
dtrace: allowing destructive actions
exit 0
exit 0
dtrace: description 'BEGIN ' matched 1 probe
exit 0
