from enum import StrEnum


class GetMandateHistoryResponse200Status(StrEnum):
    SUCCESS = "success"

    def __str__(self) -> str:
        return str(self.value)
