# How long Windows has been up, when it last started, and the last restarts and shutdowns in the System log.
$os = Get-CimInstance -ClassName Win32_OperatingSystem
$up = (Get-Date) - $os.LastBootUpTime
Write-Output "Last start: $($os.LastBootUpTime)"
Write-Output ("Up: {0} day(s) {1} hour(s) {2} minute(s)" -f $up.Days, $up.Hours, $up.Minutes)
Write-Output ''
Write-Output 'Recent restarts and shutdowns:'
# 1074: a restart or shutdown asked for; 6005/6006: the event log started/stopped; 6008: an unexpected shutdown.
try {
  Get-WinEvent -FilterHashtable @{ LogName = 'System'; Id = 1074, 6005, 6006, 6008 } -MaxEvents 10 -ErrorAction Stop |
    Select-Object TimeCreated, Id, @{ Name = 'Message'; Expression = { ($_.Message -split "`r?`n")[0] } } |
    Format-Table -AutoSize -Wrap | Out-String -Width 300
} catch {
  Write-Output '(no record)'
}
exit 0
