from enum import StrEnum


class ListTeamInvitationsResponse200Status(StrEnum):
    SUCCESS = "success"

    def __str__(self) -> str:
        return str(self.value)
