from enum import StrEnum


class RequestUnlockResponse200StatusesItem(StrEnum):
    CLIENT_DELETE_PROHIBITED = "client delete prohibited"
    CLIENT_TRANSFER_PROHIBITED = "client transfer prohibited"
    CLIENT_UPDATE_PROHIBITED = "client update prohibited"

    def __str__(self) -> str:
        return str(self.value)
