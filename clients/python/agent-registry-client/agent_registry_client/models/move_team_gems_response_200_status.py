from enum import StrEnum


class MoveTeamGemsResponse200Status(StrEnum):
    SUCCESS = "success"

    def __str__(self) -> str:
        return str(self.value)
