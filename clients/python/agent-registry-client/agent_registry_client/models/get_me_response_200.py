from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.get_me_response_200_status import GetMeResponse200Status

if TYPE_CHECKING:
    from ..models.get_me_response_200_account import GetMeResponse200Account
    from ..models.get_me_response_200_credential import GetMeResponse200Credential
    from ..models.spend_mandate import SpendMandate


T = TypeVar("T", bound="GetMeResponse200")


@_attrs_define
class GetMeResponse200:
    """
    Attributes:
        status (GetMeResponse200Status):
        account (GetMeResponse200Account):
        credential (GetMeResponse200Credential):
        mandate (None | SpendMandate): Your spend mandate (docs/mandates.md), with what remains of your rolling budgets
            and when they refill; null: nothing you spend is limited
        notice (str):
    """

    status: GetMeResponse200Status
    account: GetMeResponse200Account
    credential: GetMeResponse200Credential
    mandate: None | SpendMandate
    notice: str

    def to_dict(self) -> dict[str, Any]:
        from ..models.spend_mandate import SpendMandate  # noqa: PLC0415

        status = self.status.value

        account = self.account.to_dict()

        credential = self.credential.to_dict()

        mandate: dict[str, Any] | None
        if isinstance(self.mandate, SpendMandate):
            mandate = self.mandate.to_dict()
        else:
            mandate = self.mandate

        notice = self.notice

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "status": status,
                "account": account,
                "credential": credential,
                "mandate": mandate,
                "notice": notice,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.get_me_response_200_account import GetMeResponse200Account  # noqa: PLC0415
        from ..models.get_me_response_200_credential import GetMeResponse200Credential  # noqa: PLC0415
        from ..models.spend_mandate import SpendMandate  # noqa: PLC0415

        d = dict(src_dict)
        status = GetMeResponse200Status(d.pop("status"))

        account = GetMeResponse200Account.from_dict(d.pop("account"))

        credential = GetMeResponse200Credential.from_dict(d.pop("credential"))

        def _parse_mandate(data: object) -> None | SpendMandate:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                mandate_type_0 = SpendMandate.from_dict(data)

                return mandate_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | SpendMandate, data)

        mandate = _parse_mandate(d.pop("mandate"))

        notice = d.pop("notice")

        get_me_response_200 = cls(
            status=status,
            account=account,
            credential=credential,
            mandate=mandate,
            notice=notice,
        )

        return get_me_response_200
