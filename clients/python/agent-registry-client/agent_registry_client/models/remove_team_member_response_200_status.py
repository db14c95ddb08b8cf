from enum import StrEnum


class RemoveTeamMemberResponse200Status(StrEnum):
    SUCCESS = "success"

    def __str__(self) -> str:
        return str(self.value)
