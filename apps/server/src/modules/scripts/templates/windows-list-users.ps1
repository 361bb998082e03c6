# List the local user accounts: enabled or not, administrator or not, last sign-in and password age.
if (Get-Command -Name Get-LocalUser -ErrorAction SilentlyContinue) {
  $admins = @()
  try {
    $admins = Get-LocalGroupMember -SID 'S-1-5-32-544' -ErrorAction Stop | ForEach-Object { ($_.Name -split '\\')[-1] }
  } catch { }
  Get-LocalUser | Select-Object Name, Enabled,
    @{ Name = 'Administrator'; Expression = { $admins -contains $_.Name } },
    LastLogon, PasswordLastSet, Description |
    Format-Table -AutoSize | Out-String -Width 300
} else {
  # Windows PowerShell before 5.1: the net command.
  net user
  Write-Output 'Administrators:'
  net localgroup administrators
}
exit 0
