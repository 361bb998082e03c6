# Memory report: total and free physical memory, the page file, and the five processes using the most memory.
$os = Get-CimInstance -ClassName Win32_OperatingSystem
$totalMB = [math]::Round($os.TotalVisibleMemorySize / 1KB)
$freeMB = [math]::Round($os.FreePhysicalMemory / 1KB)
Write-Output "Total memory: $totalMB MB"
Write-Output "Free memory:  $freeMB MB ($([math]::Round(100 * $freeMB / $totalMB))%)"
Get-CimInstance -ClassName Win32_PageFileUsage | ForEach-Object {
  Write-Output "Page file $($_.Name): $($_.CurrentUsage) MB used of $($_.AllocatedBaseSize) MB"
}
Write-Output ''
Get-Process | Sort-Object -Property WorkingSet64 -Descending | Select-Object -First 5 |
  Select-Object Id, ProcessName, @{ Name = 'Memory (MB)'; Expression = { [math]::Round($_.WorkingSet64 / 1MB, 1) } } |
  Format-Table -AutoSize | Out-String -Width 200
exit 0
