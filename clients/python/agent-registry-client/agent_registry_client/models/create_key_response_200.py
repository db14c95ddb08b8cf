from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.create_key_response_200_status import CreateKeyResponse200Status

if TYPE_CHECKING:
    from ..models.create_key_response_200_key import CreateKeyResponse200Key


T = TypeVar("T", bound="CreateKeyResponse200")


@_attrs_define
class CreateKeyResponse200:
    """
    Attributes:
        status (CreateKeyResponse200Status):
        api_key (None | str): The secret, shown once. null in a replay of the same Idempotency-Key (header Idempotent-
            Replayed: true): the key was created by the first request and its secret is stored nowhere; if that answer was
            lost, revoke the key and create another.
        key (CreateKeyResponse200Key):
    """

    status: CreateKeyResponse200Status
    api_key: None | str
    key: CreateKeyResponse200Key

    def to_dict(self) -> dict[str, Any]:
        status = self.status.value

        api_key: None | str
        api_key = self.api_key

        key = self.key.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "status": status,
                "api_key": api_key,
                "key": key,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.create_key_response_200_key import CreateKeyResponse200Key  # noqa: PLC0415

        d = dict(src_dict)
        status = CreateKeyResponse200Status(d.pop("status"))

        def _parse_api_key(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        api_key = _parse_api_key(d.pop("api_key"))

        key = CreateKeyResponse200Key.from_dict(d.pop("key"))

        create_key_response_200 = cls(
            status=status,
            api_key=api_key,
            key=key,
        )

        return create_key_response_200
