from enum import StrEnum


class ListTeamInvitationsResponse200DataItemRole(StrEnum):
    ADMIN = "admin"
    AUDITOR = "auditor"
    BILLING = "billing"
    OPERATOR = "operator"
    OWNER = "owner"

    def __str__(self) -> str:
        return str(self.value)
