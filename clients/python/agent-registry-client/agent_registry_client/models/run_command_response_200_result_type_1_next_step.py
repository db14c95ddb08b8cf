from enum import StrEnum


class RunCommandResponse200ResultType1NextStep(StrEnum):
    CONFIRM = "confirm"

    def __str__(self) -> str:
        return str(self.value)
