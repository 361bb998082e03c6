# Clean up disk space on Windows: old temporary files (the system's and every user's), the Windows Update
# download cache and the recycle bins. Prints the free space of the system drive before and after.
param([string]$Days = '7')
if (-not $Days) { $Days = '7' }
$ErrorActionPreference = 'Continue'
$age = [int]$Days
$cutoff = (Get-Date).AddDays(-$age)
$systemDrive = $env:SystemDrive

function Get-FreeGB {
  $disk = Get-CimInstance -ClassName Win32_LogicalDisk -Filter "DeviceID='$systemDrive'"
  [math]::Round($disk.FreeSpace / 1GB, 2)
}

$before = Get-FreeGB
Write-Output "Free space on $systemDrive before: $before GB"

$folders = @("$env:SystemRoot\Temp") + (Get-ChildItem -Path "$systemDrive\Users" -Directory -ErrorAction SilentlyContinue |
  ForEach-Object { Join-Path $_.FullName 'AppData\Local\Temp' })
foreach ($folder in $folders) {
  if (-not (Test-Path -LiteralPath $folder)) { continue }
  $old = Get-ChildItem -LiteralPath $folder -Recurse -File -Force -ErrorAction SilentlyContinue |
    Where-Object { $_.LastWriteTime -lt $cutoff }
  $removed = 0
  foreach ($file in $old) {
    try { Remove-Item -LiteralPath $file.FullName -Force -ErrorAction Stop; $removed++ } catch { }
  }
  Write-Output "${folder}: removed $removed file(s) older than $age day(s)"
}

$download = "$env:SystemRoot\SoftwareDistribution\Download"
if (Test-Path -LiteralPath $download) {
  $service = Get-Service -Name wuauserv -ErrorAction SilentlyContinue
  if ($service -and $service.Status -eq 'Running') { Stop-Service -Name wuauserv -Force -ErrorAction SilentlyContinue }
  Get-ChildItem -LiteralPath $download -Force -ErrorAction SilentlyContinue |
    Remove-Item -Recurse -Force -ErrorAction SilentlyContinue
  if ($service -and $service.Status -eq 'Running') { Start-Service -Name wuauserv -ErrorAction SilentlyContinue }
  Write-Output 'Windows Update download cache cleaned'
}

if (Get-Command -Name Clear-RecycleBin -ErrorAction SilentlyContinue) {
  Clear-RecycleBin -Force -ErrorAction SilentlyContinue
  Write-Output 'Recycle bins emptied'
}

$after = Get-FreeGB
Write-Output "Free space on $systemDrive after: $after GB (freed $([math]::Round($after - $before, 2)) GB)"
exit 0
