from enum import StrEnum


class InviteToTeamResponse200InvitationRole(StrEnum):
    ADMIN = "admin"
    AUDITOR = "auditor"
    BILLING = "billing"
    OPERATOR = "operator"
    OWNER = "owner"

    def __str__(self) -> str:
        return str(self.value)
