# Disk usage report: every local disk's size and free space, then the largest folders directly under a path.
param([string]$Path = 'C:\Users', [string]$Count = '15')
if (-not $Path) { $Path = 'C:\Users' }
if (-not $Count) { $Count = '15' }
Write-Output '== Local disks =='
Get-CimInstance -ClassName Win32_LogicalDisk -Filter 'DriveType=3' |
  Select-Object DeviceID, VolumeName,
    @{ Name = 'Size (GB)'; Expression = { [math]::Round($_.Size / 1GB, 1) } },
    @{ Name = 'Free (GB)'; Expression = { [math]::Round($_.FreeSpace / 1GB, 1) } },
    @{ Name = 'Free %'; Expression = { if ($_.Size) { [math]::Round(100 * $_.FreeSpace / $_.Size) } else { 0 } } } |
  Format-Table -AutoSize | Out-String -Width 200
if (-not (Test-Path -LiteralPath $Path -PathType Container)) {
  Write-Error "No such folder: $Path"
  exit 2
}
Write-Output "== Largest folders in $Path (MB) =="
Get-ChildItem -LiteralPath $Path -Directory -Force -ErrorAction SilentlyContinue | ForEach-Object {
  $bytes = (Get-ChildItem -LiteralPath $_.FullName -Recurse -File -Force -ErrorAction SilentlyContinue |
    Measure-Object -Property Length -Sum).Sum
  [pscustomobject]@{ Folder = $_.FullName; MB = [math]::Round($bytes / 1MB) }
} | Sort-Object -Property MB -Descending | Select-Object -First ([int]$Count) |
  Format-Table -AutoSize | Out-String -Width 300
exit 0
