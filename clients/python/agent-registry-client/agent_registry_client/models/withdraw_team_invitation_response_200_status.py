from enum import StrEnum


class WithdrawTeamInvitationResponse200Status(StrEnum):
    SUCCESS = "success"

    def __str__(self) -> str:
        return str(self.value)
