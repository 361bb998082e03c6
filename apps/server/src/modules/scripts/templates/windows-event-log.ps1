# Collect recent entries of a Windows event log: critical, error and (optionally) warning events.
param([string]$Hours = '24', [string]$LogName = 'System', [string]$MaxEvents = '200', [string]$Warnings = 'true')
if (-not $Hours) { $Hours = '24' }
if (-not $LogName) { $LogName = 'System' }
if (-not $MaxEvents) { $MaxEvents = '200' }
$levels = @(1, 2)
if ($Warnings -ne 'false') { $levels += 3 }
$filter = @{ LogName = $LogName; Level = $levels; StartTime = (Get-Date).AddHours(-[int]$Hours) }
Write-Output "== $LogName log, last $Hours hour(s), at most $MaxEvents events =="
try {
  $events = Get-WinEvent -FilterHashtable $filter -MaxEvents ([int]$MaxEvents) -ErrorAction Stop
} catch [System.Exception] {
  if ($_.FullyQualifiedErrorId -like 'NoMatchingEventsFound*') {
    Write-Output 'No matching events.'
    exit 0
  }
  Write-Error "The $LogName log could not be read: $($_.Exception.Message)"
  exit 1
}
$events | Select-Object TimeCreated, LevelDisplayName, ProviderName, Id,
  @{ Name = 'Message'; Expression = { ($_.Message -split "`r?`n")[0] } } |
  Format-Table -AutoSize -Wrap | Out-String -Width 300
Write-Output "$(@($events).Count) event(s)"
exit 0
