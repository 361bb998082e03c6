# The processes using the most CPU time or memory. Count: how many (default 10); SortBy: cpu or memory.
param([string]$Count = '10', [string]$SortBy = 'cpu')
if (-not $Count) { $Count = '10' }
if ($SortBy -ne 'memory') { $SortBy = 'cpu' }
$property = if ($SortBy -eq 'memory') { 'WorkingSet64' } else { 'CPU' }
Write-Output "Top $Count processes by ${SortBy}:"
Get-Process | Sort-Object -Property $property -Descending | Select-Object -First ([int]$Count) |
  Select-Object Id, ProcessName,
    @{ Name = 'CPU (s)'; Expression = { [math]::Round($_.CPU, 1) } },
    @{ Name = 'Memory (MB)'; Expression = { [math]::Round($_.WorkingSet64 / 1MB, 1) } } |
  Format-Table -AutoSize | Out-String -Width 200
$load = (Get-CimInstance -ClassName Win32_Processor | Measure-Object -Property LoadPercentage -Average).Average
Write-Output "Processor load now: $load%"
exit 0
