from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..models.get_me_response_200_status import GetMeResponse200Status

if TYPE_CHECKING:
    from ..models.get_me_response_200_account import GetMeResponse200Account
    from ..models.get_me_response_200_credential import GetMeResponse200Credential


T = TypeVar("T", bound="GetMeResponse200")


@_attrs_define
class GetMeResponse200:
    """
    Attributes:
        status (GetMeResponse200Status):
        account (GetMeResponse200Account):
        credential (GetMeResponse200Credential):
        notice (str):
    """

    status: GetMeResponse200Status
    account: GetMeResponse200Account
    credential: GetMeResponse200Credential
    notice: str

    def to_dict(self) -> dict[str, Any]:
        status = self.status.value

        account = self.account.to_dict()

        credential = self.credential.to_dict()

        notice = self.notice

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "status": status,
                "account": account,
                "credential": credential,
                "notice": notice,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.get_me_response_200_account import GetMeResponse200Account  # noqa: PLC0415
        from ..models.get_me_response_200_credential import GetMeResponse200Credential  # noqa: PLC0415

        d = dict(src_dict)
        status = GetMeResponse200Status(d.pop("status"))

        account = GetMeResponse200Account.from_dict(d.pop("account"))

        credential = GetMeResponse200Credential.from_dict(d.pop("credential"))

        notice = d.pop("notice")

        get_me_response_200 = cls(
            status=status,
            account=account,
            credential=credential,
            notice=notice,
        )

        return get_me_response_200
