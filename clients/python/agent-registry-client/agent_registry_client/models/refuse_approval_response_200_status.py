from enum import StrEnum


class RefuseApprovalResponse200Status(StrEnum):
    SUCCESS = "success"

    def __str__(self) -> str:
        return str(self.value)
