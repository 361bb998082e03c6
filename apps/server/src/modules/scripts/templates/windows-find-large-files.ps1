# Find the largest files under a folder. Path: the folder (default C:\); SizeMB: at least this many MB
# (default 100); Count: list at most this many (default 20).
param([string]$Path = 'C:\', [string]$SizeMB = '100', [string]$Count = '20')
if (-not $Path) { $Path = 'C:\' }
if (-not $SizeMB) { $SizeMB = '100' }
if (-not $Count) { $Count = '20' }
if (-not (Test-Path -LiteralPath $Path -PathType Container)) {
  Write-Error "No such folder: $Path"
  exit 2
}
$minimum = [int64]$SizeMB * 1MB
Write-Output "Files of $SizeMB MB or more under $Path (largest first, at most $Count):"
$files = Get-ChildItem -LiteralPath $Path -Recurse -File -Force -ErrorAction SilentlyContinue |
  Where-Object { $_.Length -ge $minimum } |
  Sort-Object -Property Length -Descending | Select-Object -First ([int]$Count)
if (-not $files) {
  Write-Output '(none)'
} else {
  $files | Select-Object @{ Name = 'MB'; Expression = { [math]::Round($_.Length / 1MB) } }, LastWriteTime, FullName |
    Format-Table -AutoSize | Out-String -Width 400
}
exit 0
